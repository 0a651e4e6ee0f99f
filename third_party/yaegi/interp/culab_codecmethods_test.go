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

// culab patches 105 and 112: a value of a cell type with methods held in
// an interface, given to json.Marshal, MarshalIndent or an Encoder's
// Encode, is encoded as Go encodes it (it wrote {}); one with a method
// json would call (MarshalJSON) panics, naming it; encoding/xml, which
// would name the interpreter's types, panics naming the type.
func TestCodecWrappedCellValues(t *testing.T) {
	const decls = `package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
)

type id int

func (i id) String() string { return fmt.Sprint("ID-", int(i)) }

type hidden struct{ n int }

func (hidden) Kind() string { return "h" }

type code uint8

type item struct {
	Name  string ` + "`json:\"name\"`" + `
	Extra any    ` + "`json:\"extra,omitempty\"`" + `
}

func (it item) Describe() string { return it.Name }

type temp float64

func (t temp) MarshalJSON() ([]byte, error) { return []byte("\"hot\""), nil }

func main() {
	buf := new(bytes.Buffer)
	enc := json.NewEncoder(buf)
	_ = os.Stdout
`
	got := evalMain(t, decls+`b, err := json.Marshal(map[string]any{"h": hidden{1}, "c": code(2), "s": []any{code(3)}, "id": id(4)})
	fmt.Println(string(b), err)
	b, err = json.Marshal(any(id(3)))
	fmt.Println(string(b), err)
	b, err = json.MarshalIndent([]any{1, &[]any{id(5)}}, "", "")
	fmt.Println(string(b), err)
	it := item{Name: "x", Extra: id(7)}
	fmt.Println(enc.Encode([]any{it, &it, map[string]any{"k": item{Name: "y", Extra: []any{id(9)}}}}))
	enc.Encode(any(item{Name: "z"}))
	enc.Encode(it)
	fmt.Println(it.Extra.(id), it)
	fmt.Print(buf)
}
`)
	want := `{"c":2,"h":{},"id":4,"s":[3]} <nil>
3 <nil>
[
1,
[
5
]
] <nil>
<nil>
ID-7 {x ID-7}
[{"name":"x","extra":7},{"name":"x","extra":7},{"k":{"name":"y","extra":[9]}}]
{"name":"z"}
{"name":"x","extra":7}
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	for _, c := range []struct{ body, want string }{
		{"json.Marshal(any(temp(3)))", "encoding/json.Marshal would not call the MarshalJSON method of main.temp"},
		{"enc.Encode(map[string]any{\"t\": temp(3)})", "encoding/json.Encoder.Encode would not call the MarshalJSON method of main.temp"},
		{"xml.Marshal(any(id(3)))", "encoding/xml.Marshal was given a value of type main.id in an interface"},
		{"xml.NewEncoder(os.Stdout).Encode([]any{id(3)})", "encoding/xml.Encoder.Encode was given a value of type main.id in an interface"},
	} {
		i := interp.New(interp.Options{})
		if err := i.Use(stdlib.Symbols); err != nil {
			t.Fatal(err)
		}
		_, err := i.Eval(decls + c.body + "\n}\n")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want a panic saying %q", c.body, err, c.want)
		}
	}
}

// culab patch 116: encoding/xml names a cell struct at the root by the
// cell type's name, given to xml.Marshal, MarshalIndent or an Encoder's
// Encode as a value, a pointer or a slice's elements.
func TestXMLRootCellName(t *testing.T) {
	got := evalMain(t, `package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
)

type point struct {
	X int `+"`xml:\"x,attr\"`"+`
	Y int `+"`xml:\"y\"`"+`
	hidden int
}

type named struct {
	XMLName xml.Name `+"`xml:\"pt\"`"+`
	X       int
}

func main() {
	b, err := xml.Marshal(point{1, 2, 3})
	fmt.Println(string(b), err)
	b, err = xml.MarshalIndent(&point{3, 4, 0}, "", "")
	fmt.Println(string(b), err)
	b, err = xml.Marshal([]point{{5, 6, 0}, {7, 8, 0}})
	fmt.Println(string(b), err)
	var buf bytes.Buffer
	err = xml.NewEncoder(&buf).Encode([]*point{nil, {9, 10, 0}})
	fmt.Println(buf.String(), err)
	b, err = xml.Marshal(named{X: 11})
	fmt.Println(string(b), err)
}
`)
	want := `<point x="1"><y>2</y></point> <nil>
<point x="3"><y>4</y></point> <nil>
<point x="5"><y>6</y></point><point x="7"><y>8</y></point> <nil>
<point x="9"><y>10</y></point> <nil>
<pt><X>11</X></pt> <nil>
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// culab patch 117: json's errors for a value of the wrong type name the
// cell struct type whose field it is, as Go's name the type.
func TestJSONErrorNamesCellStruct(t *testing.T) {
	src := `package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

type base struct {
	ID int ` + "`json:\"id\"`" + `
}

type item struct {
	base
	Name  string
	Price float64 ` + "`json:\"price\"`" + `
}

type order struct {
	Items []*item          ` + "`json:\"items\"`" + `
	ByKey map[string]item
}

func main() {
	var o order
	fmt.Println(json.Unmarshal([]byte(` + "`{\"items\": [{\"price\": \"1\"}]}`" + `), &o))
	fmt.Println(json.Unmarshal([]byte(` + "`{\"ByKey\": {\"k\": {\"id\": \"x\"}}}`" + `), &o))
	var it item
	fmt.Println(json.NewDecoder(strings.NewReader(` + "`{\"Name\": 3}`" + `)).Decode(&it))
}
`
	got := evalMain(t, src)
	want := `json: cannot unmarshal string into Go struct field item.items.price of type float64
json: cannot unmarshal string into Go struct field item.ByKey.base.id of type int
json: cannot unmarshal number into Go struct field item.Name of type string
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
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
