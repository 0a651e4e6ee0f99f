package goengine

import (
	"strings"
	"testing"
)

// A global defined by "a, b := f()" must read right inside functions
// called by functions (splitMultiDefine works around yaegi 0.16.1).
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
