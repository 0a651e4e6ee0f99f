package goengine

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/culab/culab/kernel"
)

func TestStateAcrossCells(t *testing.T) {
	e := shared(t)
	ok(t, e, "x := 40")
	ok(t, e, "func add(a, b int) int { return a + b }")
	if got := ok(t, e, "add(x, 2)").result(); got != "42" {
		t.Errorf("add(x, 2) = %q, want 42", got)
	}
	// One cell mixing an import, a declaration and statements.
	r := ok(t, e, `import "unicode"

// up upper-cases s.
func up(s string) string { return strings.Map(unicode.ToUpper, s) }
y := up("go")
y + "!"`)
	if got := r.result(); got != "GO!" {
		t.Errorf("result %q, want GO!", got)
	}
	// Re-running a cell that imports and declares is fine.
	ok(t, e, `import "unicode"
func up(s string) string { return strings.Map(unicode.ToUpper, s) + "?" }`)
	if got := ok(t, e, `up("a")`).result(); got != "A?" {
		t.Errorf("redefined up: %q", got)
	}
}

// Statements with blocks at the top level: the interpreter alone loses
// "a, b :=" variables there and leaks loop variables.
func TestBlocksAtTopLevel(t *testing.T) {
	e := shared(t)
	r := ok(t, e, `func two() (int, error) { return 2, nil }
total := 0
for k9 := 0; k9 < 3; k9++ {
	n, err := two()
	if err != nil {
		panic(err)
	}
	total += n * k9
}
total`)
	if r.result() != "6" {
		t.Errorf("total = %q, want 6", r.result())
	}
	fails(t, e, "k9")
	xe := fails(t, e, "for j := 0; j < 3; j++ {\n\tif j == 2 {\n\t\tpanic(\"at two\")\n\t}\n}")
	tb := strings.Join(xe.Traceback, "\n")
	if xe.Value != "at two" || !strings.Contains(tb, "line 1: for j") || strings.Contains(tb, "literal") {
		t.Errorf("panic in a loop:\n%s", tb)
	}
}

func TestResults(t *testing.T) {
	e := shared(t)
	for _, c := range []struct{ code, want string }{
		{"z := 3", ""},
		{`fmt.Println("printed")`, ""},
		{"var unused int", ""},
		{`strings.Repeat("ab", 2)`, "abab"},
		{"func pair() (int, string) { return 1, \"one\" }\npair()", "(1, one)"},
		{"func val() (int, error) { return 7, nil }\nval()", "7"},
		{"func noerr() error { return nil }\nnoerr()", ""},
		{"type Celsius float64\nfunc (c Celsius) String() string { return fmt.Sprintf(\"%.1f°C\", float64(c)) }\nCelsius(21.5)", "21.5°C"},
		// As fmt.Println prints them (yaegi patch 113): a cell type's
		// String or Error inside a slice, a map, a struct, an any; a nil
		// pointer as <nil>, or as its String says where that handles nil.
		{"[]Celsius{1, 2}", "[1.0°C 2.0°C]"},
		{"map[string]Celsius{\"a\": 3}", "map[a:3.0°C]"},
		{"type reading struct{ T Celsius }\nreading{4}", "{4.0°C}"},
		{"[]reading{{5}}", "[{5.0°C}]"},
		{"&reading{6}", "&{6.0°C}"},
		{"[]any{Celsius(7), 8, \"s\"}", "[7.0°C 8 s]"},
		{"var noCelsius *Celsius\nnoCelsius", "<nil>"},
		{"type rcErr struct{ code int }\nfunc (e rcErr) Error() string { return fmt.Sprint(\"E\", e.code) }\n[]error{rcErr{1}, nil}", "[E1 <nil>]"},
		{"struct{ Err error }{rcErr{2}}", "{E2}"},
		{"type rcNode struct{ v int }\nfunc (n *rcNode) String() string { if n == nil { return \"end\" }; return fmt.Sprint(\"n\", n.v) }\nvar rcTail *rcNode\nrcTail", "end"},
		{"[]*rcNode{{1}, nil}", "[n1 end]"},
		{"func rcPair() (Celsius, []Celsius) { return 1, []Celsius{2} }\nrcPair()", "(1.0°C, [2.0°C])"},
		// yaegi patch 127: returned as an any, with its methods.
		{"func rcAny() any { return Celsius(9) }\nrcAny()", "9.0°C"},
		{"map[string]any{\"k\": rcAny()}", "map[k:9.0°C]"},
	} {
		r := ok(t, e, c.code)
		if got := r.result(); got != c.want || (c.want == "") != !r.hasResult() {
			t.Errorf("%q: result %q (sent: %v), want %q", c.code, got, r.hasResult(), c.want)
		}
	}
	if got := ok(t, e, `fmt.Println("printed")`).text("stdout"); got != "printed\n" {
		t.Errorf("stdout %q", got)
	}
}

func TestResultImage(t *testing.T) {
	e := shared(t)
	r := ok(t, e, `img := image.NewRGBA(image.Rect(0, 0, 4, 3))
img.Set(1, 1, color.RGBA{255, 0, 0, 255})
img`)
	for _, ev := range r.events {
		if ev.kind != "result" {
			continue
		}
		if png, _ := ev.data["image/png"].(string); !strings.HasPrefix(png, "iVBOR") {
			t.Errorf("image/png = %.20q, want base64 PNG", png)
		}
		if _, ok := ev.data["text/plain"]; !ok {
			t.Error("no text/plain")
		}
		if m, _ := ev.meta["image/png"].(map[string]any); m["width"] != 4 || m["height"] != 3 {
			t.Errorf("metadata %v", ev.meta)
		}
		return
	}
	t.Fatal("no result")
}

func TestErrorResultFailsCell(t *testing.T) {
	e := shared(t)
	xe := fails(t, e, "\nerrors.New(\"boom\")")
	if xe.Name != "error" || !strings.Contains(xe.Value, "boom") || !strings.Contains(xe.Value, "line 2") {
		t.Errorf("got %s: %s", xe.Name, xe.Value)
	}
	xe = fails(t, e, `nb.Kernel("nosuch")`)
	if !strings.Contains(xe.Value, "no kernel") {
		t.Errorf("nb.Kernel: %s", xe.Value)
	}
}

func TestDisplayInOrderWithPrints(t *testing.T) {
	e := shared(t)
	r := ok(t, e, `fmt.Println("a")
display.Show(display.HTML("<b>x</b>"))
fmt.Print("b")
os.Stdout.WriteString("c\n")
type Temp float64
func (t Temp) String() string { return fmt.Sprintf("%gK", float64(t)) }
display.Show(Temp(3))
h := display.New()
h.Show("v1")
h.Update("v2")
display.Clear(true)
fmt.Fprintln(os.Stderr, "d")`)
	var got []string
	for _, ev := range r.events {
		switch ev.kind {
		case "stream":
			got = append(got, ev.name+":"+ev.text)
		case "display":
			s := "display"
			if ev.update {
				s = "update"
			}
			if ev.id != "" {
				s += "#"
			}
			if h, ok := ev.data["text/html"].(string); ok {
				s += ":" + h
			} else {
				s += ":" + ev.data["text/plain"].(string)
			}
			got = append(got, s)
		case "clear":
			got = append(got, "clear")
		}
	}
	want := []string{"stdout:a\n", "display:<b>x</b>", "stdout:bc\n", "display:3K", "display#:v1", "update#:v2", "clear", "stderr:d\n"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("events\n got %q\nwant %q", got, want)
	}
}

func TestOutputLimit(t *testing.T) {
	e := shared(t)
	start := time.Now()
	r := ok(t, e, `chunk := strings.Repeat("x", 1<<20)
for i := 0; i < 100; i++ {
	fmt.Print(chunk)
}`)
	out := r.text("stdout")
	if len(out) != DefaultOutputLimit {
		t.Errorf("sent %d bytes of stdout, want %d", len(out), DefaultOutputLimit)
	}
	want := "output truncated after 1 MiB; 103809024 bytes dropped"
	if !strings.Contains(r.text("stderr"), want) {
		t.Errorf("stderr %q, want the notice %q", r.text("stderr"), want)
	}
	t.Logf("100 MiB printed in %v", time.Since(start))
	if got := ok(t, e, "1 + 1").result(); got != "2" {
		t.Errorf("after the flood: %q", got)
	}
}

// A value's text is cut at the output limit too, saying how much was
// left out: a 4M-element slice is 8 MiB of text.
func TestValueLimit(t *testing.T) {
	e := shared(t)
	r := ok(t, e, "make([]int, 4<<20)")
	got := r.result()
	text, notice, found := strings.Cut(got, "\n[value truncated after 1 MiB; ")
	if !found || len(text) != DefaultOutputLimit || !strings.HasPrefix(text, "[0 0 0") {
		t.Fatalf("result of %d bytes, ending %q", len(got), got[max(len(got)-80, 0):])
	}
	if want := fmt.Sprintf("%d bytes dropped]\n", 2*4<<20+1-DefaultOutputLimit); notice != want {
		t.Errorf("notice %q, want %q", notice, want)
	}
	// A displayed one too; an HTML form past the limit is left out, whole.
	r = ok(t, e, `display.Show(display.Data{MIME: map[string]any{"text/plain": strings.Repeat("p", 2<<20), "text/html": strings.Repeat("h", 2<<20)}})`)
	var shown event
	for _, ev := range r.events {
		if ev.kind == "display" {
			shown = ev
		}
	}
	plain, _ := shown.data["text/plain"].(string)
	if _, html := shown.data["text/html"]; html || !strings.Contains(plain, "bytes dropped]") || !strings.Contains(plain, "text/html (2097152 bytes) left out") {
		t.Errorf("display: html kept %v, text/plain ends %q", html, plain[max(len(plain)-160, 0):])
	}
	if got := ok(t, e, `strings.Repeat("s", 100)`).result(); got != strings.Repeat("s", 100) {
		t.Errorf("a short value changed: %q", got)
	}
}

func TestErrorsPointAtLines(t *testing.T) {
	e := shared(t)
	xe := fails(t, e, "a := 1\nb := )\n_ = a")
	if xe.Name != "SyntaxError" || !strings.HasPrefix(xe.Value, "line 2:") {
		t.Errorf("syntax error: %s: %s", xe.Name, xe.Value)
	}
	xe = fails(t, e, "a := 1\n_ = a\nvar s string = 3")
	if xe.Name != "CompileError" || !strings.HasPrefix(xe.Value, "line 3:") {
		t.Errorf("type error: %s: %s", xe.Name, xe.Value)
	}
	if tb := strings.Join(xe.Traceback, "\n"); !strings.Contains(tb, "var s string = 3") || !strings.Contains(tb, "^") {
		t.Errorf("traceback does not show the line:\n%s", tb)
	}
	xe = fails(t, e, "fmt.Println(1)\nfmt.Println(nosuch)")
	if !strings.HasPrefix(xe.Value, "line 2:") || !strings.Contains(xe.Value, "nosuch") {
		t.Errorf("undefined: %s: %s", xe.Name, xe.Value)
	}
}

// TestCUDALaunchSyntaxHint: a student's first launch is CUDA's
// <<<grid, block>>>, a Go syntax error whose words alone ("expected
// operand, found '<'") do not say how to launch from Go.
func TestCUDALaunchSyntaxHint(t *testing.T) {
	e := shared(t)
	xe := fails(t, e, "n := 8\nvadd<<<(n + 255) / 256, 256>>>(out, a, b, n)")
	want := "vadd.Run(cudalib.Config{Grid: cudalib.D1((n + 255) / 256), Block: cudalib.D1(256)}, out, a, b, n)"
	if xe.Name != "SyntaxError" || !strings.HasPrefix(xe.Value, "line 2:") || !strings.Contains(xe.Value, want) {
		t.Errorf("got %s: %s\nwant the hint %s", xe.Name, xe.Value, want)
	}
	xe = fails(t, e, "hello<<<1, 1, 0, s>>>()")
	if !strings.Contains(xe.Value, "hello.Run(cudalib.Config{Grid: cudalib.D1(1), Block: cudalib.D1(1)})") {
		t.Errorf("no arguments: %s", xe.Value)
	}
	if xe := fails(t, e, "a := 1 <<< 2"); strings.Contains(xe.Value, "CUDA") {
		t.Errorf("not a launch: %s", xe.Value)
	}
}

func TestPanicsAreErrors(t *testing.T) {
	e := shared(t)
	xe := fails(t, e, "fmt.Println(1)\nvar m map[string]int\nm[\"k\"] = 1")
	tb := strings.Join(xe.Traceback, "\n")
	if xe.Name != "panic" || !strings.Contains(xe.Value, "nil map") || !strings.Contains(tb, "line 3") {
		t.Errorf("nil map: %s: %s\n%s", xe.Name, xe.Value, tb)
	}

	// A panic inside a function of an earlier cell names both cells.
	ok(t, e, "func boom() {\n\tpanic(\"bang\")\n}")
	xe = fails(t, e, "x := 1\nboom()\n_ = x")
	tb = strings.Join(xe.Traceback, "\n")
	if xe.Value != "bang" || !strings.Contains(tb, "in boom, declared at In[") || !strings.Contains(tb, "line 2: boom()") {
		t.Errorf("panic in boom: %s\n%s", xe.Value, tb)
	}

	// A panic in compiled code of a preloaded package.
	xe = fails(t, e, "var dev *cudalib.Device\nfmt.Println(dev.String())")
	tb = strings.Join(xe.Traceback, "\n")
	if !strings.Contains(xe.Value, "nil pointer") || !strings.Contains(tb, "cudalib.(*Device).String") || !strings.Contains(tb, "line 2") {
		t.Errorf("panic in cudalib: %s\n%s", xe.Value, tb)
	}
	xe = fails(t, e, `strings.Repeat("x", -1)`)
	if !strings.Contains(strings.Join(xe.Traceback, "\n"), "strings.Repeat") {
		t.Errorf("panic in strings.Repeat:\n%s", strings.Join(xe.Traceback, "\n"))
	}
	if got := ok(t, e, "2 * 21").result(); got != "42" {
		t.Errorf("after panics: %q", got)
	}
}

func TestInterrupt(t *testing.T) {
	e := shared(t)
	for _, loop := range []string{"for {\n}", "n := 0\nfor {\n\tn++\n}", "for {\n\ttime.Sleep(time.Hour)\n}"} {
		done := make(chan kernel.ExecuteReply)
		go func() {
			_, rep := exec(t, e, loop)
			done <- rep
		}()
		time.Sleep(100 * time.Millisecond)
		start := time.Now()
		e.Interrupt()
		select {
		case rep := <-done:
			if rep.Error == nil || rep.Error.Name != "Interrupted" {
				t.Errorf("%q: reply %+v", loop, rep.Error)
			}
			if d := time.Since(start); d > time.Second {
				t.Errorf("%q stopped after %v", loop, d)
			}
		case <-time.After(2 * time.Second):
			t.Fatalf("%q did not stop", loop)
		}
		if got := ok(t, e, "1 + 1").result(); got != "2" {
			t.Fatalf("after interrupt: %q", got)
		}
	}

	// Cancelling the context interrupts too, and the loop stays stopped.
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, rep := runWith(t, e, &recorder{}, kernel.ExecuteRequest{Code: "ticks := 0\nfor {\n\ttime.Sleep(time.Millisecond)\n\tticks++\n}"}, ctx)
	if rep.Error == nil || rep.Error.Name != "Interrupted" {
		t.Fatalf("cancelled: %+v", rep.Error)
	}
	before := ok(t, e, "ticks").result()
	time.Sleep(50 * time.Millisecond)
	if after := ok(t, e, "ticks").result(); after != before {
		t.Errorf("the interrupted loop goes on: ticks %s, then %s", before, after)
	}
}

func TestInput(t *testing.T) {
	e := shared(t)
	r := &recorder{input: func(prompt string) (string, error) { return "Ada (" + prompt + ")", nil }}
	_, rep := runWith(t, e, r, kernel.ExecuteRequest{Code: `nb.ReadLine("name?")`, AllowStdin: true}, context.Background())
	if rep.Error != nil || r.result() != "Ada (name?)" {
		t.Errorf("ReadLine: %+v, result %q", rep.Error, r.result())
	}
	r = &recorder{input: func(string) (string, error) { return "7", nil }}
	_, rep = runWith(t, e, r, kernel.ExecuteRequest{Code: "var n int\nfmt.Scanln(&n)\nn * 6", AllowStdin: true}, context.Background())
	if rep.Error != nil || r.result() != "42" {
		t.Errorf("Scanln: %+v, result %q", rep.Error, r.result())
	}
	xe := fails(t, e, `nb.ReadLine("no stdin")`)
	if !strings.Contains(xe.Value, "does not allow input") {
		t.Errorf("without stdin: %s", xe.Value)
	}
}

func TestShutdown(t *testing.T) {
	e, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	ok(t, e, "fmt.Sprint(1)")
	if err := e.Shutdown(true); err != nil {
		t.Fatal(err)
	}
	if xe := fails(t, e, "1"); xe.Name != "EngineClosed" {
		t.Errorf("after shutdown: %s", xe.Name)
	}
	if err := e.Shutdown(false); err != nil {
		t.Errorf("second shutdown: %v", err)
	}
}

// A function literal handed to compiled code (a widget's callback, an
// atomic.Value) still runs after an interrupt: yaegi patch 67's clone of
// its frame kept the run id of the moment it was made, so after the next
// interrupt every call of it stopped at once, silently.
func TestCallbackSurvivesInterrupt(t *testing.T) {
	e := shared(t)
	ok(t, e, "import \"sync/atomic\"\nvar cbHeld atomic.Value\ncbHeld.Store(func() string { return \"called\" })")
	done := make(chan kernel.ExecuteReply)
	go func() {
		_, rep := exec(t, e, "for {\n}")
		done <- rep
	}()
	// Interrupt until the loop has started and stopped.
	for stopped := false; !stopped; {
		select {
		case rep := <-done:
			if rep.Error == nil || rep.Error.Name != "Interrupted" {
				t.Fatalf("the loop: %+v", rep.Error)
			}
			stopped = true
		case <-time.After(20 * time.Millisecond):
			e.Interrupt()
		}
	}
	if got := ok(t, e, "fmt.Println(cbHeld.Load().(func() string)())").text("stdout"); got != "called\n" {
		t.Errorf("the callback after an interrupt printed %q, want \"called\\n\"", got)
	}
}
