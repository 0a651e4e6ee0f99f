package kernel

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

func TestGlob(t *testing.T) {
	for _, c := range []struct {
		pattern, input string
		want           bool
	}{
		{"*", "", true},
		{"*", "a\nb", true},
		{"print *", "print a", true},
		{"print *", "x := 1\nprint a", false}, // the whole input must match
		{"*print*", "x := 1\nprint a", true},
		{"a?c", "abc", true},
		{"a?c", "a\nc", true},
		{"a?c", "ac", false},
		{"Print", "print", false}, // case-sensitive
		{"[ab]x", "bx", true},
		{"[^ab]x", "bx", false},
		{"[!ab]x", "cx", true},
		{"[a-c]", "b", true},
		{"[]]", "]", true},
		{"[", "[", true}, // unclosed: literal
		{"a.b(c)+", "a.b(c)+", true},
		{`\d`, `\d`, true},
		{"é?", "éé", true},
	} {
		re, err := globRegexp(c.pattern)
		if err != nil {
			t.Errorf("%q: %v", c.pattern, err)
			continue
		}
		if got := re.MatchString(c.input); got != c.want {
			t.Errorf("glob %q on %q = %v, want %v", c.pattern, c.input, got, c.want)
		}
	}
	if _, err := globRegexp("[z-a]"); err == nil {
		t.Error("reversed range accepted")
	}
}

func TestOffsets(t *testing.T) {
	code := "aé𝔾b" // 1, 2, 4 and 1 bytes
	for runes, bytes := range []int{0, 1, 3, 7, 8, 8} {
		r := runes
		if got := byteOffset(code, &r); got != bytes {
			t.Errorf("byteOffset(%d) = %d, want %d", runes, got, bytes)
		}
	}
	if got := byteOffset(code, nil); got != len(code) {
		t.Errorf("byteOffset(nil) = %d", got)
	}
	for bytes, runes := range map[int]int{-1: 0, 0: 0, 1: 1, 3: 2, 7: 3, 8: 4, 99: 4} {
		if got := runeOffset(code, bytes); got != runes {
			t.Errorf("runeOffset(%d) = %d, want %d", bytes, got, runes)
		}
	}
}

func TestReplayGuardForgetsOldest(t *testing.T) {
	g := newReplayGuard(2)
	for _, s := range []string{"a", "b"} {
		if !g.add(s) {
			t.Fatalf("%s reported as seen", s)
		}
	}
	if g.add("a") {
		t.Fatal("replay of a accepted")
	}
	g.add("c") // evicts a
	if !g.add("a") {
		t.Fatal("a still remembered past the window")
	}
}

func TestSignerRoundTrip(t *testing.T) {
	s, err := newSigner(ConnectionInfo{Key: "k", SignatureScheme: "hmac-sha512"})
	if err != nil {
		t.Fatal(err)
	}
	frames, err := s.encode([][]byte{[]byte("id")}, header{MsgID: "m", MsgType: "t"}, nil, struct{}{}, map[string]int{"x": 1})
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.decode(frames)
	if err != nil {
		t.Fatal(err)
	}
	if string(m.ids[0]) != "id" || m.header.MsgType != "t" || string(m.content) != `{"x":1}` {
		t.Errorf("decoded %+v", m)
	}
	if _, err := s.decode(frames); err != errReplayed {
		t.Errorf("second decode: %v, want errReplayed", err)
	}
}

func TestWatchParent(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var ppid atomic.Int64
	ppid.Store(42)
	gone := watchParent(ctx, func() int { return int(ppid.Load()) }, time.Millisecond)
	select {
	case <-gone:
		t.Fatal("parent reported gone while alive")
	case <-time.After(20 * time.Millisecond):
	}
	ppid.Store(1) // re-parented to init
	select {
	case <-gone:
	case <-ctx.Done():
		t.Fatal("parent's death not noticed")
	}
}

// A request dated before a failed cell's reply was sent before the client
// could see the error: it is aborted even if it was still on the socket.
func TestSentBefore(t *testing.T) {
	at := time.Date(2026, 11, 23, 16, 0, 0, 500, time.UTC)
	for _, c := range []struct {
		date string
		want bool
	}{
		{"2026-11-23T16:00:00.000000Z", true},
		{"2026-11-23T17:00:00.000000+01:00", true},
		{"2026-11-23T16:00:00.001Z", false},
		{"", false},
		{"yesterday", false},
	} {
		m := &message{header: header{Date: c.date}}
		if got := sentBefore(m, at); got != c.want {
			t.Errorf("sentBefore(%q) = %v, want %v", c.date, got, c.want)
		}
	}
}

// A failed cell's error time is on its client's clock: the request's date
// plus the time the kernel took over it, however far the kernel's own
// clock is from the client's (a client on another host, a clock stepped
// back while the cell ran).
func TestClientTime(t *testing.T) {
	sent := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	start := time.Now().Add(-2 * time.Second)
	got := clientTime(&message{header: header{Date: sent.Format(time.RFC3339Nano)}}, start)
	if d := got.Sub(sent); d < 2*time.Second || d > time.Hour {
		t.Errorf("clientTime = %v, want %v plus the 2 s the cell took", got, sent)
	}
	// A request of "Run All" sent with the failed one is aborted.
	if !sentBefore(&message{header: header{Date: sent.Add(time.Millisecond).Format(time.RFC3339Nano)}}, got) {
		t.Error("a request sent 1 ms after the failed one is not before its error")
	}
	// The time the request waited behind the cell before it counts too:
	// its client sent the next cell of a "Run All" within that time.
	arrived := &message{header: header{Date: sent.Format(time.RFC3339Nano)}, arrived: start.Add(-3 * time.Second)}
	if d := clientTime(arrived, start).Sub(sent); d < 5*time.Second || d > time.Hour {
		t.Errorf("a request that waited 3 s before its 2 s cell: its error %v after it was sent, want 5 s", d)
	}
	if got := clientTime(&message{}, start); time.Since(got) > time.Minute || time.Until(got) > time.Minute {
		t.Errorf("no date: clientTime = %v, want the kernel's clock", got)
	}
}
