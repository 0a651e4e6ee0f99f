package goengine

import "testing"

// Go 1.22 and 1.23 in cells (yaegi patches 11 to 17): per-iteration loop
// variables at a cell's top level and in functions, range over an
// integer and over a function, iter, slices.Sorted(maps.Keys(m)), method
// values and deferred calls that bind when made, and the refusal of an
// assignment to a field of a map entry. The outputs are Go's.
func TestGoSemanticsInCells(t *testing.T) {
	e := shared(t)
	for _, c := range []struct{ code, want string }{
		// In a function: goroutines that read a cell's globals race with
		// the next chunk of the cell (the interpreter resizes its global
		// frame at each), a race of the engine that -race reports.
		{`func gsSum64() int {
	var wg sync.WaitGroup
	var mu sync.Mutex
	sum := 0
	for i := 0; i < 64; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			sum += i
			mu.Unlock()
		}()
	}
	wg.Wait()
	return sum
}
fmt.Println(gsSum64())`, "2016\n"},
		{`var gsFs []func()
for i := range 3 {
	gsFs = append(gsFs, func() { fmt.Print(i, " ") })
}
for _, v := range []string{"a", "b"} {
	gsFs = append(gsFs, func() { fmt.Print(v, " ") })
}
for _, f := range gsFs {
	f()
}
fmt.Println()`, "0 1 2 a b \n"},
		{`func gsDefers() {
	for i := 0; i < 3; i++ {
		defer fmt.Print(i, " ")
		defer func() { fmt.Print("c", i, " ") }()
	}
}
gsDefers()
fmt.Println()`, "c2 2 c1 1 c0 0 \n"},
		{`func gsCount(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := 0; i < n && yield(i); i++ {
		}
	}
}
for i := range gsCount(10) {
	if i == 3 {
		break
	}
	fmt.Print(i, " ")
}
fmt.Println()`, "0 1 2 \n"},
		{`import ("iter"; "maps"; "slices")
gsM := map[string]int{"b": 2, "a": 1, "c": 3}
gsNext, gsStop := iter.Pull(maps.Values(gsM))
gsV, gsOK := gsNext()
gsStop()
gsKeys := slices.Sorted(maps.Keys(gsM))
var gsClone = maps.Clone(gsM)
gsClone["d"] = 4
fmt.Println(gsKeys, gsV > 0, gsOK, len(gsM), len(gsClone))`, "[a b c] true true 3 4\n"},
		{`type gsT struct{ n int }
func (t gsT) Get() int { return t.n }
gsV := gsT{1}
gsGet := gsV.Get
gsV.n = 2
fmt.Println(gsGet(), gsV.Get())`, "1 2\n"},
	} {
		if got := ok(t, e, c.code).text("stdout"); got != c.want {
			t.Errorf("%s\nprints %q, want %q", c.code, got, c.want)
		}
	}
	xe := fails(t, e, "gsMap := map[string]struct{ X int }{}\ngsMap[\"a\"].X = 5")
	if xe.Name != "CompileError" || xe.Value != `line 2: cannot assign to struct field gsMap["a"].X in map` {
		t.Errorf("assignment to a field of a map entry: %s: %s", xe.Name, xe.Value)
	}
}
