package cudalib

import (
	"slices"
	"testing"
)

// A discarded buffer lists only what was written since, in elements; a
// mapped host array is the device buffer itself.
func TestVirtualWrittenAndMapped(t *testing.T) {
	d, err := OpenVirtual()
	if err != nil {
		t.Fatal(err)
	}
	b, err := d.Float32s(1 << 20) // a mapping of its own
	if err != nil {
		t.Fatal(err)
	}
	defer b.Free()
	if err := b.Fill(1); err != nil {
		t.Fatal(err)
	}
	if w, err := d.VirtualWritten(b); err != nil || !slices.Equal(w, []Range{{0, 1 << 20}}) {
		t.Fatalf("after a fill: %v, %v; want all of it", w, err)
	}
	if err := d.VirtualDiscard(b); err != nil {
		t.Fatal(err)
	}
	if err := b.CopyFromAt(1000, []float32{2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	if w, err := d.VirtualWritten(b); err != nil || !slices.Equal(w, []Range{{1000, 1003}}) {
		t.Fatalf("after a discard and a copy of 3: %v, %v; want [1000, 1003)", w, err)
	}
	got := make([]float32, 5)
	if err := b.CopyToAt(999, got); err != nil || !slices.Equal(got, []float32{0, 2, 3, 4, 0}) {
		t.Fatalf("elements 999–1003: %v, %v; want the copy between zeros", got, err)
	}

	host := make([]float64, 1<<17)
	m, err := d.MapFloat64s(host)
	if err != nil {
		t.Fatal(err)
	}
	host[7] = 42
	out := make([]float64, 1)
	if err := m.CopyToAt(7, out); err != nil || out[0] != 42 {
		t.Fatalf("device element 7 of the mapped array: %v, %v; want the host's 42", out, err)
	}
	if err := m.CopyFromAt(8, []float64{5}); err != nil || host[8] != 5 {
		t.Fatalf("host element 8 after a copy to the device: %v, %v; want 5", host[8], err)
	}
	if err := m.Free(); err != nil {
		t.Fatal(err)
	}
	if host[7] != 42 {
		t.Error("freeing the mapping changed the host array")
	}
}
