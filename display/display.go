// Package display shows rich values in the notebook: the API gophernotes
// notebooks use (HTML, Markdown, SVG, PNG, JPEG, JSON, Latex, Math, Image),
// plus handles whose output can be updated in place and Clear.
//
// It is a leaf: the kernel's engine installs a Sink for each cell; without
// one (a plain program, a test) Show prints the text/plain form to stdout.
package display

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/culab/culab/internal/holds"
)

// MIME types the bundle uses.
const (
	MIMEText     = "text/plain"
	MIMEHTML     = "text/html"
	MIMEMarkdown = "text/markdown"
	MIMELatex    = "text/latex"
	MIMESVG      = "image/svg+xml"
	MIMEPNG      = "image/png"
	MIMEJPEG     = "image/jpeg"
	MIMEJSON     = "application/json"
)

// Data is a MIME bundle ready for the wire (binary data base64-encoded)
// with its metadata. A Data value as the last expression of a cell is shown.
type Data struct {
	MIME     map[string]any
	Metadata map[string]any
}

// Render returns the bundle: Data is itself a rich value.
func (d Data) Render() map[string]any { return d.MIME }

func (d Data) String() string {
	if s, ok := d.MIME[MIMEText].(string); ok {
		return s
	}
	return fmt.Sprintf("<display %d MIME types>", len(d.MIME))
}

// MIME builds a bundle of one type plus a text/plain fallback.
func MIME(mimeType string, data any) Data {
	return Data{MIME: map[string]any{mimeType: data, MIMEText: "<" + mimeType + ">"}}
}

// HTML, Markdown, SVG, Latex show text of that type.
func HTML(s string) Data     { return MIME(MIMEHTML, s) }
func Markdown(s string) Data { return withText(MIME(MIMEMarkdown, s), s) }
func SVG(s string) Data      { return MIME(MIMESVG, s) }
func Latex(s string) Data    { return withText(MIME(MIMELatex, s), s) }

// Math shows a LaTeX formula in display mode.
func Math(s string) Data { return withText(MIME(MIMELatex, "$$"+s+"$$"), s) }

// PNG and JPEG show encoded image bytes.
func PNG(b []byte) Data  { return MIME(MIMEPNG, base64.StdEncoding.EncodeToString(b)) }
func JPEG(b []byte) Data { return MIME(MIMEJPEG, base64.StdEncoding.EncodeToString(b)) }

// JSON shows any value that encodes to JSON (as the front end's tree view).
func JSON(v any) Data {
	b, err := json.Marshal(v)
	if err != nil {
		return failed("display.JSON: %v", err)
	}
	var tree any
	_ = json.Unmarshal(b, &tree)
	return withText(MIME(MIMEJSON, tree), string(b))
}

// MaxImagePixels bounds the images Image encodes: past it, encoding reads
// every pixel for minutes (image.NewUniform's bounds are two billion
// pixels square) and the PNG may pass the notebook's output limit.
const MaxImagePixels = 64 << 20

// Image shows an image.Image as PNG; one of more than MaxImagePixels
// pixels shows why it is not drawn.
func Image(img image.Image) Data {
	if v := reflect.ValueOf(img); !v.IsValid() || (v.Kind() == reflect.Pointer && v.IsNil()) {
		return failed("display.Image: a nil image")
	}
	if b := img.Bounds(); b.Dx() > 0 && b.Dy() > 0 && b.Dx() > MaxImagePixels/b.Dy() {
		return failed("display.Image: the image is %d×%d pixels, more than the %d megapixels an image may have to be shown; "+
			"show a part of it (SubImage) or a scaled-down copy", b.Dx(), b.Dy(), MaxImagePixels>>20)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return failed("display.Image: %v", err)
	}
	d := PNG(buf.Bytes())
	b := img.Bounds()
	d.Metadata = map[string]any{MIMEPNG: map[string]any{"width": b.Dx(), "height": b.Dy()}}
	return d
}

// failed is what a display shows when its value cannot be shown: the
// reason, as text.
func failed(format string, v ...any) Data {
	return withText(Data{MIME: map[string]any{}}, fmt.Sprintf(format, v...))
}

func withText(d Data, s string) Data {
	d.MIME[MIMEText] = s
	return d
}

// Sink receives display messages; the kernel's engine provides one per cell.
type Sink interface {
	Display(data, metadata map[string]any, id string, update bool)
	Clear(wait bool)
}

var (
	sinkMu sync.Mutex
	sink   Sink
	nextID atomic.Int64
)

// SetSink installs s and returns a function that restores the previous sink.
func SetSink(s Sink) (restore func()) {
	sinkMu.Lock()
	prev := sink
	sink = s
	sinkMu.Unlock()
	return func() {
		sinkMu.Lock()
		sink = prev
		sinkMu.Unlock()
	}
}

func current() Sink {
	sinkMu.Lock()
	defer sinkMu.Unlock()
	return sink
}

// Active reports whether output goes to a notebook front end (a sink is
// installed) rather than a terminal.
func Active() bool { return current() != nil }

// Show displays v now (display_data), before the cell ends.
func Show(v any) { send(v, "", false) }

// Clear clears the cell's output; with wait, only when new output arrives.
func Clear(wait bool) {
	if s := current(); s != nil {
		s.Clear(wait)
	}
}

// Handle is a display whose content can be replaced in place: live progress
// bars and refreshing tables.
type Handle struct {
	id    string
	shown atomic.Bool
}

// New returns a handle with a fresh display_id.
func New() *Handle { return &Handle{id: fmt.Sprintf("culab-%d-%d", os.Getpid(), nextID.Add(1))} }

// ID is the display_id.
func (h *Handle) ID() string { return h.id }

// Show displays v under the handle's id (a new output area).
func (h *Handle) Show(v any) {
	h.shown.Store(true)
	send(v, h.id, false)
}

// Update replaces what the handle shows (update_display_data); before the
// first Show it shows v.
func (h *Handle) Update(v any) {
	if !h.shown.Load() {
		h.Show(v)
		return
	}
	send(v, h.id, true)
}

func send(v any, id string, update bool) {
	data, meta, ok := Bundle(v)
	if !ok {
		return
	}
	if s := current(); s != nil {
		s.Display(data, meta, id, update)
		return
	}
	if !update {
		fmt.Println(data[MIMEText])
	}
}

// Bundle converts any value into a MIME bundle: a value with a Render,
// HTML, Markdown, SVG, PNG, JPEG, JSON or Latex method, or an image.Image,
// gets those types plus text/plain; anything else text/plain alone. ok is
// false for nil.
func Bundle(v any) (data, metadata map[string]any, ok bool) {
	return BundleText(v, func() string {
		if isNil(v) {
			return "<nil>"
		}
		return fmt.Sprint(v)
	})
}

// BundleText is Bundle with text() as v's text/plain form, where v has no
// Render that gives one: for a caller that prints v its own way (a nil
// pointer too, whose String method may say what it is).
func BundleText(v any, text func() string) (data, metadata map[string]any, ok bool) {
	if v == nil {
		return nil, nil, false
	}
	if isNil(v) {
		return map[string]any{MIMEText: text()}, nil, true
	}
	if d, ok := v.(Data); ok {
		return copyMap(d.MIME), d.Metadata, true
	}
	data = map[string]any{}
	if r, ok := v.(interface{ Render() map[string]any }); ok {
		for k, x := range r.Render() {
			data[k] = x
		}
	}
	addText := func(mime string, f func() string) {
		if _, done := data[mime]; !done {
			data[mime] = f()
		}
	}
	addBytes := func(mime string, f func() []byte) {
		if _, done := data[mime]; !done {
			if b := f(); len(b) > 0 {
				data[mime] = base64.StdEncoding.EncodeToString(b)
			}
		}
	}
	if x, ok := v.(interface{ HTML() string }); ok {
		addText(MIMEHTML, x.HTML)
	}
	if x, ok := v.(interface{ Markdown() string }); ok {
		addText(MIMEMarkdown, x.Markdown)
	}
	if x, ok := v.(interface{ SVG() string }); ok {
		addText(MIMESVG, x.SVG)
	}
	if x, ok := v.(interface{ Latex() string }); ok {
		addText(MIMELatex, x.Latex)
	}
	if x, ok := v.(interface{ PNG() []byte }); ok {
		addBytes(MIMEPNG, x.PNG)
	}
	if x, ok := v.(interface{ JPEG() []byte }); ok {
		addBytes(MIMEJPEG, x.JPEG)
	}
	if x, ok := v.(interface{ JSON() any }); ok {
		if _, done := data[MIMEJSON]; !done {
			data[MIMEJSON] = JSON(x.JSON()).MIME[MIMEJSON]
		}
	}
	if img, ok := v.(image.Image); ok {
		// One that cannot be drawn shows why, as text (a nil image/png
		// went on the wire).
		d := Image(img)
		if b64, drawn := d.MIME[MIMEPNG]; drawn {
			data[MIMEPNG], metadata = b64, d.Metadata
		} else if _, done := data[MIMEText]; !done {
			data[MIMEText] = d.MIME[MIMEText]
		}
	}
	if _, done := data[MIMEText]; !done {
		if holds.Itself(v) {
			// fmt's stack overflow would be fatal (display.Show of x
			// with x[0] = x ended the notebook's engine).
			data[MIMEText] = fmt.Sprintf("a %T that holds itself (printing it would never end)", v)
		} else {
			data[MIMEText] = text()
		}
	}
	return data, metadata, true
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// isNil reports whether v is a nil pointer or interface.
func isNil(v any) bool {
	rv := reflect.ValueOf(v)
	return (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface) && rv.IsNil()
}
