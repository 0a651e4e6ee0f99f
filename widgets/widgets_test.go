package widgets

import (
	"io"
	"os"
	"strings"
	"testing"
)

// Offline (no front end takes comms, as in culab run): widgets are plain
// values shown as text, and Interactive runs its function once.
func TestOffline(t *testing.T) {
	s := NewIntSlider("n", 50, 0, 10, 0)
	if s.Value() != 10 {
		t.Errorf("a value past max: %d, want 10", s.Value())
	}
	if data := s.Render(); data[MIMEView] != nil || data["text/plain"] != "IntSlider(value=10, min=0, max=10, step=1, description='n')" {
		t.Errorf("offline display %v", data)
	}
	var seen []int
	s.Observe(func(v int) { seen = append(seen, v) })
	s.SetValue(3)
	s.SetValue(3) // no change, no call
	s.SetValue(-5)
	if len(seen) != 2 || seen[0] != 3 || seen[1] != 0 {
		t.Errorf("observed %v, want [3 0]", seen)
	}
	d := NewDropdown("kind", []string{"a", "b"}, "b")
	if d.Value() != "b" || d.SetValue("c") == nil || d.Value() != "b" {
		t.Errorf("dropdown: %q, or c accepted", d.Value())
	}
	runs := 0
	box := Interactive(func() { runs++ }, s, d)
	s.SetValue(4)
	if runs != 2 || !strings.HasPrefix(box.String(), "VBox(IntSlider(value=4") {
		t.Errorf("runs %d, box %s", runs, box)
	}
	if l := NewLabel("a"); l.String() != "Label(value='a')" {
		t.Errorf("label text %q", l)
	}
	if err := NewIntProgress("p", 1, 0, 3).SetBarStyle("pink"); err == nil {
		t.Error("a bar style the front end lacks was taken")
	}
}

// A change while the function runs makes one more run after it, not a
// nested one.
func TestInteractNoPileUp(t *testing.T) {
	s := NewIntSlider("n", 0, 0, 100, 1)
	var vals []int
	Interactive(func() {
		vals = append(vals, s.Value())
		if s.Value() < 3 {
			s.SetValue(s.Value() + 1) // a change during the run
		}
	}, s)
	if len(vals) != 4 || vals[3] != 3 {
		t.Errorf("runs saw %v, want [0 1 2 3]", vals)
	}
}

// TestNilFunction: Interact, Interactive and Capture of a nil function say
// so on stderr; they used to panic with a nil dereference in the cell.
func TestNilFunction(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := os.Stderr
	os.Stderr = w
	Interact(nil)
	Interactive(nil, NewIntSlider("n", 1, 0, 2, 1))
	NewOutput().Capture(nil)
	os.Stderr = stderr
	w.Close()
	said, _ := io.ReadAll(r)
	if n := strings.Count(string(said), "widgets: nil function"); n != 3 {
		t.Errorf("stderr %q: want the note 3 times", said)
	}
}
