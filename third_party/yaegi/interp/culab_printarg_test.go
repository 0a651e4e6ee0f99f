package interp_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 113: an embedder's printing function (one given fmt's
// MapTypes) prints its arguments as Go prints them, with interp.Sprint,
// and gets the values themselves from interp.PrintedValue: an error of a
// cell type is an error there.
func TestPrintedValue(t *testing.T) {
	var texts []string
	var errs []bool
	show := func(a ...any) {
		for _, v := range a {
			value, _ := interp.PrintedValue(v)
			_, isErr := value.(error)
			texts = append(texts, interp.Sprint(v))
			errs = append(errs, isErr)
		}
	}
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	fn := reflect.ValueOf(show)
	if err := i.Use(interp.Exports{
		"host/host": {"Show": fn},
		".": {"MapTypes": reflect.ValueOf(map[reflect.Value][]reflect.Type{fn: {
			reflect.TypeOf((*fmt.Formatter)(nil)).Elem(), reflect.TypeOf((*error)(nil)).Elem(), reflect.TypeOf((*fmt.Stringer)(nil)).Elem(),
		}})},
	}); err != nil {
		t.Fatal(err)
	}
	src := `package main

import (
	"fmt"
	"host"
)

type celsius float64

func (c celsius) String() string { return fmt.Sprintf("%.1fC", float64(c)) }

type failure struct{ code int }

func (f failure) Error() string { return fmt.Sprint("E", f.code) }

type node struct{ v int }

func (n *node) String() string {
	if n == nil {
		return "end"
	}
	return fmt.Sprint("n", n.v)
}

func main() {
	var none *node
	var err error = failure{2}
	host.Show([]celsius{1, 2}, map[string]celsius{"a": 3}, []any{celsius(4), 5}, celsius(6), failure{1}, err, none, []*node{{7}, nil}, 8)
}
`
	if _, err := i.Eval(src); err != nil {
		t.Fatal(err)
	}
	want := []string{"[1.0C 2.0C]", "map[a:3.0C]", "[4.0C 5]", "6.0C", "E1", "E2", "end", "[n7 end]", "8"}
	wantErr := []bool{false, false, false, false, true, true, false, false, false}
	if fmt.Sprint(texts) != fmt.Sprint(want) || fmt.Sprint(errs) != fmt.Sprint(wantErr) {
		t.Errorf("texts %q, errors %v\nwant %q, %v", texts, errs, want, wantErr)
	}
}
