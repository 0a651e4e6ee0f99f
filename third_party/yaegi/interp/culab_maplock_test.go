package interp_test

import (
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 144: goroutines that share a map without a lock, the
// classic mistake, ended the process with the runtime's "fatal error:
// concurrent map writes" (or map read and map write, or iteration and
// write), which no recover catches. Each operation of the interpreter's
// now holds a lock: the goroutines race on the values, as data races do,
// and the process lives.
func TestConcurrentMapOperations(t *testing.T) {
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval(`import "sync"
func hammer() int {
	m := map[int]int{}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(4)
		go func() { // writes, deletes and op-assigns
			defer wg.Done()
			for j := 0; j < 20000; j++ {
				m[j%100] = j
				m[j%100] += 1
				m[j%50]++
				delete(m, (j+7)%100)
			}
		}()
		go func() { // reads
			defer wg.Done()
			s := 0
			for j := 0; j < 20000; j++ {
				s += m[j%100]
				if _, ok := m[j%10]; ok {
					s++
				}
			}
		}()
		go func() { // ranges
			defer wg.Done()
			for j := 0; j < 200; j++ {
				for k, v := range m {
					_, _ = k, v
				}
			}
		}()
		go func() { // composite literals and a map of slices
			defer wg.Done()
			for j := 0; j < 2000; j++ {
				m[j%100] = map[int]int{j: j}[j]
			}
		}()
	}
	wg.Wait()
	m[1000] = 1
	return len(m)
}`); err != nil {
		t.Fatal(err)
	}
	v, err := i.Eval("hammer()")
	if err != nil {
		t.Fatal(err)
	}
	if n := v.Int(); n < 1 || n > 101 {
		t.Errorf("len(m) = %d, want 1…101", n)
	}
}
