package goengine

import "testing"

// Multiple assignments in cells give every target its value, as compiled
// Go does (the yaegi PATCHES.md, patch 7): map entries from calls and
// comma-ok forms, fields, elements and pointers; each pair of a parallel
// assignment with a call among its sources; the zero value after a failed
// comma-ok form; range loops and select cases that assign (patch 10). In
// a cell's top level and in a function alike.
func TestMultipleAssignmentInCells(t *testing.T) {
	e := shared(t)
	ok(t, e, "func maTwo() (bool, int) { return true, 9 }\nmaM := map[string]int{}\nvar maOK bool")
	for _, c := range []struct{ code, want string }{
		{"maOK, maM[\"k\"] = maTwo()\nfmt.Sprint(maOK, maM)", "true map[k:9]"},
		{"var maErr error\nmaM[\"n\"], maErr = strconv.Atoi(\"12\")\nfmt.Sprint(maM[\"n\"], maErr)", "12 <nil>"},
		{"maSrc := map[string]int{\"q\": 4}\nmaM[\"v\"], maOK = maSrc[\"q\"]\nfmt.Sprint(maM[\"v\"], maOK)", "4 true"},
		{"var maAny any = 5\nmaM[\"t\"], maOK = maAny.(int)\nfmt.Sprint(maM[\"t\"], maOK)", "5 true"},
		{"maX := 5\nmaX, maOK = maAny.(string)\nfmt.Sprint(maX, maOK)", "0 false"},
		{"type maS struct{ A int; E error }\nvar maV maS\nmaV.A, maV.E = 9, errors.New(\"e\")\nfmt.Sprint(maV.A, maV.E)", "9 e"},
		{"maI := -1\nfor maI = range []int{5, 6} {\n}\nmaI", "1"},
		{"maCh := make(chan int, 1)\nmaCh <- 8\nselect {\ncase maM[\"c\"] = <-maCh:\n}\nmaM[\"c\"]", "8"},
		{"func maIn() string {\n\tm := map[string]int{}\n\tvar ok bool\n\tok, m[\"k\"] = maTwo()\n\treturn fmt.Sprint(ok, m)\n}\nmaIn()", "true map[k:9]"},
	} {
		if got := ok(t, e, c.code).result(); got != c.want {
			t.Errorf("%q = %s, want %s", c.code, got, c.want)
		}
	}
}
