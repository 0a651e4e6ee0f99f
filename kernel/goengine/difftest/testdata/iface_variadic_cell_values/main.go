package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

type upper struct{ sb *strings.Builder }

func (u upper) Write(p []byte) (int, error) { return u.sb.WriteString(strings.ToUpper(string(p))) }

type once struct{ s string }

func (o *once) Read(p []byte) (int, error) {
	if o.s == "" {
		return 0, io.EOF
	}
	n := copy(p, o.s)
	o.s = o.s[n:]
	return n, nil
}

type code int

func (c code) Error() string { return fmt.Sprint("code ", int(c)) }

func main() {
	var a, b strings.Builder
	w := io.MultiWriter(upper{&a}, &b, upper{&b})
	fmt.Fprint(w, "go!")
	fmt.Println(a.String(), b.String())
	r := io.MultiReader(&once{"ab"}, strings.NewReader("-"), &once{"cd"})
	all, err := io.ReadAll(r)
	fmt.Println(string(all), err)
	e := errors.Join(code(1), nil, code(2))
	fmt.Println(e, errors.Is(e, code(2)))
	errs := []error{code(3), code(4)}
	fmt.Println(errors.Join(errs...))
}
