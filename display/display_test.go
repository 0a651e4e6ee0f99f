package display

import (
	"encoding/base64"
	"image"
	"image/color"
	"math"
	"strings"
	"testing"
)

type rich struct{}

func (rich) HTML() string { return "<b>x</b>" }
func (rich) PNG() []byte  { return []byte{1, 2, 3} }
func (rich) String() string {
	return "rich value"
}

type bundled struct{}

func (bundled) Render() map[string]any {
	return map[string]any{"text/html": "<i>r</i>", "text/plain": "r"}
}
func (bundled) HTML() string { return "ignored: Render said text/html first" }

func TestBundle(t *testing.T) {
	data, _, ok := Bundle(rich{})
	if !ok || data[MIMEHTML] != "<b>x</b>" || data[MIMEPNG] != base64.StdEncoding.EncodeToString([]byte{1, 2, 3}) || data[MIMEText] != "rich value" {
		t.Errorf("rich: %v", data)
	}
	data, _, _ = Bundle(bundled{})
	if data[MIMEHTML] != "<i>r</i>" || data[MIMEText] != "r" {
		t.Errorf("Render: %v", data)
	}
	img := image.NewRGBA(image.Rect(0, 0, 3, 2))
	img.Set(1, 1, color.White)
	data, meta, _ := Bundle(img)
	if _, ok := data[MIMEPNG].(string); !ok || meta[MIMEPNG].(map[string]any)["width"] != 3 {
		t.Errorf("image: %v %v", data, meta)
	}
	// An image that cannot be drawn shows why, with no image/png.
	data, _, _ = Bundle(image.NewUniform(color.Black))
	if _, has := data[MIMEPNG]; has || !strings.Contains(data[MIMEText].(string), "more than the 64 megapixels") {
		t.Errorf("a huge image: %v", data)
	}
	if _, _, ok := Bundle(nil); ok {
		t.Error("nil gave a bundle")
	}
	var p *rich
	if data, _, ok := Bundle(p); !ok || data[MIMEText] != "<nil>" {
		t.Errorf("typed nil: %v", data)
	}
	if d := JSON(map[string]int{"a": 1}); d.MIME[MIMEJSON].(map[string]any)["a"] != 1.0 {
		t.Errorf("JSON: %v", d.MIME)
	}
	if d := Math(`x^2`); d.MIME[MIMELatex] != "$$x^2$$" {
		t.Errorf("Math: %v", d.MIME)
	}
}

type recorder struct{ log []string }

func (s *recorder) Display(data, _ map[string]any, id string, update bool) {
	s.log = append(s.log, strings.Join([]string{id, map[bool]string{true: "update", false: "show"}[update], data[MIMEText].(string)}, " "))
}
func (s *recorder) Clear(wait bool) { s.log = append(s.log, "clear") }

func TestHandlesAndSink(t *testing.T) {
	s := &recorder{}
	restore := SetSink(s)
	if !Active() {
		t.Fatal("sink installed but not active")
	}
	h := New()
	h.Update("a") // before Show: shows
	h.Update("b")
	Show("c")
	Clear(true)
	restore()
	if Active() {
		t.Fatal("restore left the sink")
	}
	want := []string{h.ID() + " show a", h.ID() + " update b", " show c", "clear"}
	if strings.Join(s.log, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q, want %q", s.log, want)
	}
}

// bigImage is an image of its bounds whose pixels are never read.
type bigImage struct{ r image.Rectangle }

func (bigImage) ColorModel() color.Model   { return color.RGBAModel }
func (b bigImage) Bounds() image.Rectangle { return b.r }
func (bigImage) At(int, int) color.Color   { panic("a pixel was read") }

// A value that cannot be shown shows why, as text, not a panic.
func TestCannotShow(t *testing.T) {
	var rgba *image.RGBA
	for _, c := range []struct {
		d    Data
		want string
	}{
		{Image(nil), "display.Image: a nil image"},
		{Image(rgba), "display.Image: a nil image"},
		{JSON(math.NaN()), "display.JSON: json: unsupported value: NaN"},
		// Bounds alone are read: encoding these read pixels for minutes.
		{Image(image.NewUniform(color.Black)), "display.Image: the image is 2000000000×2000000000 pixels, more than the 64 megapixels an image may have to be shown; show a part of it (SubImage) or a scaled-down copy"},
		{Image(bigImage{image.Rect(0, 0, 8193, 8192)}), "display.Image: the image is 8193×8192 pixels, more than the 64 megapixels an image may have to be shown; show a part of it (SubImage) or a scaled-down copy"},
	} {
		if got := c.d.MIME[MIMEText]; got != c.want || len(c.d.MIME) != 1 {
			t.Errorf("%v, want only the text %q", c.d.MIME, c.want)
		}
	}
}

// A value that holds itself is shown as such: fmt would print it without
// end, a fatal stack overflow.
func TestBundleOfValueThatHoldsItself(t *testing.T) {
	xs := []any{nil}
	xs[0] = xs
	data, _, ok := Bundle(xs)
	if want := "a []interface {} that holds itself (printing it would never end)"; !ok || data[MIMEText] != want {
		t.Errorf("%v, want %q", data, want)
	}
}
