package labs

import (
	"slices"
	"testing"
)

// No false positives: every variant of every lab, at its smallest test
// size, runs with the virtual GPU's sanitizer on and finds nothing (a
// finding surfaces as the run's *cudalib.SanitizerError).
func TestLabsSanitizerClean(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every lab through the interpreter; make test runs it without -race")
	}
	dev := openVirtual(t)
	if err := dev.SetSanitizer(true); err != nil {
		t.Fatal(err)
	}
	defer dev.SetSanitizer(false)
	for _, l := range All() {
		t.Run(l.Key, func(t *testing.T) {
			tab, err := l.RunWith(dev, Options{Seed: 1}, []int{slices.Min(l.smoke)})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range tab.Rows {
				if !r.Pass {
					t.Errorf("%s %s: %s", r.SizeLabel, r.Variant, r.Check)
				}
			}
		})
	}
}
