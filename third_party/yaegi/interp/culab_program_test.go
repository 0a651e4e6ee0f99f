package interp_test

import (
	"bytes"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 19: programs compiled before any of them runs. A function
// compiled with a program that never runs has its body, and main runs
// with the program that declares it only.
func TestCompileBeforeRun(t *testing.T) {
	var out bytes.Buffer
	i := interp.New(interp.Options{Stdout: &out})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	compile := func(src string) *interp.Program {
		t.Helper()
		p, err := i.Compile(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		return p
	}
	run := func(p *interp.Program) {
		t.Helper()
		if _, err := i.Execute(p); err != nil {
			t.Fatal(err)
		}
	}
	run(compile(`import "fmt"`))
	compile(`func answer() int { return 42 }`) // never run
	run(compile(`fmt.Println(answer())`))

	withMain := compile(`func main() { fmt.Println("main") }`)
	later := compile(`fmt.Println("later")`)
	run(withMain)
	run(later)
	run(compile(`main()`))
	if got, want := out.String(), "42\nmain\nlater\nmain\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}
