package goengine

import (
	"strings"
	"testing"
)

// A global defined by "a, b := f()" must read right inside functions
// called by functions (redefine works around yaegi 0.16.1).
func TestTwoValueGlobalsInNestedCalls(t *testing.T) {
	e := shared(t)
	ok(t, e, `mdLab, mdErr := labs.Get("vecadd")`)
	ok(t, e, "func mdInner() string { return mdLab.Key + fmt.Sprint(mdErr) }\nfunc mdOuter() string { return mdInner() }")
	if got := ok(t, e, `fmt.Println(mdOuter())`).text("stdout"); got != "vecadd<nil>\n" {
		t.Fatalf("nested read of a two-value global: %q", got)
	}
	// Defined again in a later cell, with a blank: functions compiled
	// after it see the new value (those compiled before keep the old one,
	// as with any redefinition in the interpreter).
	ok(t, e, `mdLab, _ := labs.Get("matmul")`)
	ok(t, e, "func mdInner2() string { return mdLab.Key }\nfunc mdOuter2() string { return mdInner2() }")
	if got := ok(t, e, `fmt.Println(mdOuter2())`).text("stdout"); got != "matmul\n" {
		t.Fatalf("after redefinition: %q", got)
	}
	// Errors still point at the cell's line.
	xe := fails(t, e, "x := 1\nmdA, mdB := nosuchfunc()")
	if !strings.Contains(strings.Join(xe.Traceback, "\n")+xe.Value, "line 2") {
		t.Fatalf("error position lost: %s %q", xe.Value, xe.Traceback)
	}
}

// A ":=" that redefines a global reads the old value on its right
// (yaegi 0.16.1 zeroed it first); with the same type it assigns, so
// functions defined before see the new value.
func TestRedefinitionReadsTheOldValue(t *testing.T) {
	e := shared(t)
	ok(t, e, "rdX := 1")
	ok(t, e, "rdS := []int{1}")
	ok(t, e, "rdA, rdB := 1, 2")
	ok(t, e, "func rdGet() int { return rdX }")
	ok(t, e, "rdX := rdX + 1")
	ok(t, e, "rdS := append(rdS, 2)")
	ok(t, e, "rdA, rdB := rdB, rdA")
	if got := ok(t, e, `fmt.Println(rdX, rdS, rdA, rdB, rdGet())`).text("stdout"); got != "2 [1 2] 2 1 2\n" {
		t.Fatalf("after redefinitions: %q", got)
	}
	// In one cell, and from a call with two results.
	ok(t, e, "rdX := rdX * 10\nrdX, rdErr := rdX+1, error(nil)\n_ = rdErr")
	if got := ok(t, e, `fmt.Println(rdX, rdGet())`).text("stdout"); got != "21 21\n" {
		t.Fatalf("redefined twice in a cell: %q", got)
	}
	// Another type makes a new variable; what was compiled against the
	// old one keeps it.
	ok(t, e, `rdX := fmt.Sprint("s", rdX)`)
	if got := ok(t, e, `fmt.Println(rdX, rdGet())`).text("stdout"); got != "s21 21\n" {
		t.Fatalf("redefined with another type: %q", got)
	}
	// A cell type, and an error on the right keeps the old value.
	ok(t, e, "type rdP struct{ n int }\nrdP1 := rdP{1}")
	ok(t, e, "rdP1 := rdP{rdP1.n + 1}")
	if got := ok(t, e, `rdP1.n`).result(); got != "2" {
		t.Fatalf("cell type redefined: %q", got)
	}
	xe := fails(t, e, "rdS := append(rdS, rdS[5])")
	if !strings.Contains(xe.Value, "index out of range") {
		t.Fatalf("error on the right: %s", xe.Value)
	}
	if got := ok(t, e, `fmt.Sprint(rdS)`).result(); got != "[1 2]" {
		t.Fatalf("after a failed redefinition: %s", got)
	}
}

// "var a, b = f()" at the top level reads right in nested calls.
func TestTwoValueVarDeclaration(t *testing.T) {
	e := shared(t)
	ok(t, e, "var vdN, vdErr = strconv.Atoi(\"7\")\nvar vdL, _ = labs.Get(\"vecadd\")")
	ok(t, e, "func vdInner() string { return fmt.Sprintln(vdN, vdErr, vdL.Key) }\nfunc vdOuter() string { return vdInner() }")
	if got := ok(t, e, `fmt.Print(vdOuter())`).text("stdout"); got != "7 <nil> vecadd\n" {
		t.Fatalf("nested read of var a, b = f(): %q", got)
	}
	ok(t, e, "var vdU, vdV int64 = func() (int64, int64) { return 1, 2 }()")
	if got := ok(t, e, `fmt.Sprintf("%T %v", vdV, vdU+vdV)`).result(); got != "int64 3" {
		t.Fatalf("typed var a, b T = f(): %s", got)
	}
}

// The temporaries of a rewrite are zeroed once the statement ran, so a
// redefined value is not kept alive by them.
func TestTemporariesAreDropped(t *testing.T) {
	e := shared(t)
	ok(t, e, "tdBig := make([]byte, 1<<20)")
	ok(t, e, "tdBig, tdErr := make([]byte, 2<<20), error(nil)\n_ = tdErr")
	ok(t, e, "var tdA, tdB = strconv.Atoi(\"3\")")
	e.mu.Lock()
	defer e.mu.Unlock()
	for name, v := range e.sess.globals() {
		if strings.HasPrefix(name, "__culab_") && !v.IsZero() {
			t.Errorf("temporary %s still holds %v", name, v)
		}
	}
}
