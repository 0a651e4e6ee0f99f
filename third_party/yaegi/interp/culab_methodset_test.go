package interp_test

import (
	"strings"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// evalRun evaluates decls, then run(), and returns its string result.
func evalRun(t *testing.T, decls string) (string, error) {
	t.Helper()
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval("package main\nimport \"fmt\"\nvar _ = fmt.Sprint\n" + decls); err != nil {
		return "", err
	}
	v, err := i.Eval("run()")
	if err != nil {
		return "", err
	}
	return v.String(), nil
}

const userDecls = `
type user struct{ n string }
func (u user) name() string { return u.n }
func (u *user) rename(s string) { u.n = s }
type namer interface{ name() string }
type renamer interface { namer; rename(string) }
`

// culab patches 50–54: interface values, method sets and promoted
// methods as Go has them.
func TestMethodSetsAndInterfaceValues(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		// 50: an interface holds a copy of the value.
		{"copy into an interface", `func run() string { u := user{"ada"}; var n namer = u; u.n = "dora"; return n.name() }`, "ada"},
		{"copy into any", `func run() string { u := user{"ada"}; var a any = u; u.n = "dora"; return fmt.Sprint(a) }`, "{ada}"},
		{"copy into a slice of interfaces", `func run() string { u := user{"ada"}; ns := []namer{u}; u.n = "dora"; return ns[0].name() }`, "ada"},
		// 51: a value's method set lacks the pointer's methods.
		{"value lacks pointer methods", `func run() string { u := user{"ada"}; _, ok := any(u).(renamer); _, pok := any(&u).(renamer); return fmt.Sprint(ok, pok) }`, "false true"},
		{"addressable value calls pointer methods", `func run() string { u := user{"ada"}; u.rename("zed"); f := u.rename; f("zoe"); return u.n }`, "zoe"},
		// 52: methods promoted through embedding, and a pointer's.
		{"embedded value, pointer to outer", `type admin struct { user }
func run() string { a := admin{user{"x"}}; _, p := any(&a).(renamer); _, v := any(a).(renamer); _, n := any(a).(namer); return fmt.Sprint(p, v, n) }`, "true false true"},
		{"embedded pointer", `type admin struct { *user }
func run() string { a := admin{&user{"x"}}; _, v := any(a).(renamer); return fmt.Sprint(v) }`, "true"},
		// 53: the shallowest promoted method is selected.
		{"shallowest method", `type in struct{}
func (in) Who() string { return "in" }
type mid struct{ in }
func (mid) Who() string { return "mid" }
type out struct{ mid }
type both struct { out; in }
func run() string { return both{}.Who() + " " + out{}.Who() }`, "in mid"},
		// 54: %+v names embedded fields of unexported types as Go does.
		{"%+v of embedded unexported", `type inner struct{ Name string }
type outer struct { inner; ID int }
func run() string { return fmt.Sprintf("%+v", outer{inner{"a"}, 1}) }`, "{inner:{Name:a} ID:1}"},
	} {
		got, err := evalRun(t, userDecls+c.src)
		if err != nil || got != c.want {
			t.Errorf("%s: run() = %q, %v; want %q", c.name, got, err, c.want)
		}
	}
	if _, err := evalRun(t, userDecls+`func run() string { u := user{"ada"}; var r renamer = u; return r.name() }`); err == nil {
		t.Error("a value assigned to an interface of its pointer's methods compiled")
	}
}

// culab patch 55: len of a pointer to an array, and a range over it with
// the key only, do not dereference it: a nil one has the array's length.
// With a value, a nil one still panics.
func TestNilArrayPointer(t *testing.T) {
	got, err := evalRun(t, `func run() string {
	var np *[3]int
	s := fmt.Sprint(len(np), cap(np), " ")
	for i := range np {
		s += fmt.Sprint(i)
	}
	a := [2]int{4, 5}
	p := &a
	for i, v := range p {
		s += fmt.Sprint(" ", i, v)
	}
	return s
}`)
	if want := "3 3 012 0 4 1 5"; err != nil || got != want {
		t.Errorf("run() = %q, %v; want %q", got, err, want)
	}
	_, err = evalRun(t, `func run() string {
	var np *[3]int
	s := ""
	for _, v := range np {
		s += fmt.Sprint(v)
	}
	return s
}`)
	if err == nil || !strings.Contains(err.Error(), "nil pointer dereference") {
		t.Errorf("a range with a value over a nil array pointer: err = %v, want a nil pointer dereference", err)
	}
}

// culab patches 56–58: a negative shift count panics; a map entry's key in
// a parallel assignment is read before any destination is assigned; a nil
// embedded pointer's promoted field and a slice map key panic with Go's
// runtime errors.
func TestShiftsAssignOrderAndPanics(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"negative shift", `func run() (s string) {
	defer func() { s = fmt.Sprint(recover()) }()
	n := -1
	return fmt.Sprint(1 << n)
}`, "runtime error: negative shift amount"},
		{"unsigned shift of 70", `func run() string { s := 70; return fmt.Sprint(uint64(1)<<s, int8(1)<<s) }`, "0 0"},
		{"map key read first", `func run() string { m := map[string]int{}; k := "a"; k, m[k] = "b", 1; return fmt.Sprint(k, " ", m) }`, "b map[a:1]"},
		{"map replaced in the same statement", `func run() string { m := map[string]int{}; old := m; k := "a"; m, m[k] = map[string]int{}, 2; return fmt.Sprint(old, m) }`, "map[a:2] map[]"},
		{"nil embedded pointer", `type base struct{ ID int }
type item struct{ *base }
func run() (s string) {
	defer func() { s = fmt.Sprint(recover()) }()
	var it item
	return fmt.Sprint(it.ID)
}`, "runtime error: invalid memory address or nil pointer dereference"},
		{"slice as a map key", `func run() (s string) {
	defer func() { s = fmt.Sprint(recover()) }()
	m := map[any]int{}
	m[[]int{1}] = 1
	return "no panic"
}`, "runtime error: hash of unhashable type []int"},
	} {
		got, err := evalRun(t, c.src)
		if err != nil || got != c.want {
			t.Errorf("%s: run() = %q, %v; want %q", c.name, got, err, c.want)
		}
	}
}
