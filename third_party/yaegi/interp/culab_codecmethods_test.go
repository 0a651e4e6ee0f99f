package interp_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 97: a codec's call given a value whose cell types have
// methods the codec would call through reflect is a compile error.
func TestCodecMethodsRefused(t *testing.T) {
	const decls = `package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"strings"
	"time"
)

type celsius float64

func (c celsius) MarshalJSON() ([]byte, error) { return []byte("1"), nil }

type level int

func (l *level) UnmarshalText(b []byte) error { return nil }

type reading struct{ Temp celsius }

type event struct {
	time.Time
	Name string
}

type plain struct{ A int }

var _, _, _, _ = os.Stdout, strings.NewReader, xml.Marshal, fmt.Println

func main() {
`
	for _, c := range []struct{ body, want string }{
		{"json.Marshal(celsius(1))", "encoding/json.Marshal would not call the MarshalJSON method of main.celsius"},
		{"json.MarshalIndent([]reading{}, \"\", \" \")", "MarshalJSON method of main.celsius"},
		{"json.NewEncoder(os.Stdout).Encode(map[string]*reading{})", "encoding/json.Encoder.Encode would not call"},
		{"var m map[string]*level\njson.Unmarshal(nil, &m)", "UnmarshalText method of *main.level"},
		{"var l level\njson.NewDecoder(strings.NewReader(\"\")).Decode(&l)", "encoding/json.Decoder.Decode would not call"},
		{"json.Marshal(event{})", "MarshalJSON method of main.event"},
		{"xml.Marshal(event{})", "encoding/xml.Marshal would not call the MarshalText method of main.event"},
	} {
		var out bytes.Buffer
		i := interp.New(interp.Options{Stdout: &out, Stderr: &out})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		_, err := i.Eval(decls + c.body + "\n}\n")
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "not supported in a cell") || out.Len() > 0 {
			t.Errorf("%s: error %v, output %q; want a compile error %q", c.body, err, out.String(), c.want)
		}
	}
	// A cell type without such methods is encoded.
	got := evalMain(t, decls+"b, _ := json.Marshal([]plain{{1}})\nfmt.Println(string(b))\n}\n")
	if got != "[{\"A\":1}]\n" {
		t.Errorf("got %q", got)
	}
}

// culab patch 105: json.Marshal of a value of a cell type with methods
// held in an interface panics, saying so, where it wrote {}.
func TestCodecWrappedCellValues(t *testing.T) {
	const decls = `package main

import (
	"encoding/json"
	"fmt"
)

type id int

func (i id) String() string { return fmt.Sprint("ID-", int(i)) }

type hidden struct{ n int }

func (hidden) Kind() string { return "h" }

type code uint8

func main() {
`
	for _, body := range []string{
		"json.Marshal(any(id(3)))",
		"json.Marshal(map[string]any{\"id\": id(4), \"n\": 5})",
		"json.MarshalIndent([]any{1, &[]any{id(5)}}, \"\", \" \")",
	} {
		i := interp.New(interp.Options{})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		_, err := i.Eval(decls + body + "\n}\n")
		if err == nil || !strings.Contains(err.Error(), "encoding/json.Marshal") || !strings.Contains(err.Error(), "main.id in an interface") {
			t.Errorf("%s: error %v, want a panic naming main.id", body, err)
		}
	}
	got := evalMain(t, decls+"b, err := json.Marshal(map[string]any{\"h\": hidden{1}, \"c\": code(2), \"s\": []any{code(3)}})\nfmt.Println(string(b), err)\n}\n")
	if want := "{\"c\":2,\"h\":{},\"s\":[3]} <nil>\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// culab patch 122: a value that holds itself is checked in finite time, and
// encoding/json reports its cycle as in a compiled program (the check
// walked it without end, a fatal stack overflow).
func TestCodecValueThatHoldsItself(t *testing.T) {
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval(`import ("encoding/json"; "fmt")`); err != nil {
		t.Fatal(err)
	}
	v, err := i.Eval(`xs := []any{nil}
xs[0] = xs
m := map[string]any{}
m["m"] = m
_, e1 := json.Marshal(xs)
_, e2 := json.MarshalIndent(m, "", " ")
fmt.Sprint(e1, "; ", e2)`)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.Interface().(string); !strings.Contains(got, "encountered a cycle via []interface {}") || !strings.Contains(got, "encountered a cycle via map[string]interface {}") {
		t.Errorf("got %q", got)
	}
}
