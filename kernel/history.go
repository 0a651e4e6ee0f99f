package kernel

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/culab/culab/internal/userdir"
)

// historyFile is the name of the history log inside the history directory.
const historyFile = "history.jsonl"

// historyEntry is one line of history.jsonl: a cell stored with
// store_history, numbered by its execution count within a kernel session.
type historyEntry struct {
	Session int     `json:"session"`
	Line    int     `json:"line"`
	Input   string  `json:"input"`
	Output  *string `json:"output,omitempty"` // text/plain of execute_result
}

// history is the append-only JSON Lines log shared by every kernel run: a
// kernel process is one session, numbered after the highest one on file,
// so history survives restarts (which are new processes).
type history struct {
	mu      sync.Mutex // keeps our appends and reads from interleaving
	path    string
	session int
	f       *os.File
}

// DefaultHistoryDir is $XDG_DATA_HOME/culab, else ~/.local/share/culab.
func DefaultHistoryDir() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "culab"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("kernel: history dir: %w", err)
	}
	return filepath.Join(home, ".local", "share", "culab"), nil
}

// openHistory opens (creating) dir/history.jsonl and starts a new session.
func openHistory(dir string) (*history, error) {
	// The history holds the user's cells: no other user may read it or
	// own its directory.
	if err := userdir.Private(dir); err != nil {
		return nil, fmt.Errorf("kernel: history: %w", err)
	}
	h := &history{path: filepath.Join(dir, historyFile)}
	entries, err := h.read()
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		h.session = max(h.session, e.Session)
	}
	h.session++
	h.f, err = os.OpenFile(h.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("kernel: history: %w", err)
	}
	return h, nil
}

// add appends one cell. One write per line keeps concurrent kernels'
// appends whole on local file systems.
func (h *history) add(line int, input string, output *string) error {
	b, err := json.Marshal(historyEntry{Session: h.session, Line: line, Input: input, Output: output})
	if err != nil {
		return fmt.Errorf("kernel: history: %w", err)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, err := h.f.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("kernel: history: %w", err)
	}
	return nil
}

// read loads every well-formed entry, ordered by session then line; a torn
// or foreign line is skipped rather than failing the whole history.
func (h *history) read() ([]historyEntry, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	f, err := os.Open(h.path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("kernel: history: %w", err)
	}
	defer f.Close()
	var out []historyEntry
	r := bufio.NewReader(f)
	for {
		line, err := r.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var e historyEntry
			if json.Unmarshal(line, &e) == nil && e.Session > 0 {
				out = append(out, e)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("kernel: history: %w", err)
		}
	}
	slices.SortStableFunc(out, func(a, b historyEntry) int {
		if a.Session != b.Session {
			return a.Session - b.Session
		}
		return a.Line - b.Line
	})
	return out, nil
}

func (h *history) close() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.f.Close()
}

// historyRequest is the content of history_request.
type historyRequest struct {
	Output         bool   `json:"output"`
	HistAccessType string `json:"hist_access_type"`
	Session        int    `json:"session"`
	Start          int    `json:"start"`
	Stop           int    `json:"stop"`
	N              int    `json:"n"`
	Pattern        string `json:"pattern"`
	Unique         bool   `json:"unique"`
}

// query answers a history_request with the reply's history list: tuples
// (session, line, input), or (session, line, (input, output)) with output.
// Inputs are stored as typed, so raw and transformed history are the same.
func (h *history) query(q historyRequest) ([]any, error) {
	all, err := h.read()
	if err != nil {
		return nil, err
	}
	var sel []historyEntry
	switch q.HistAccessType {
	case "tail":
		sel = all[len(all)-min(max(q.N, 0), len(all)):]
	case "range":
		// As IPython: session ≤ 0 counts back from this one, stop 0 means
		// to the end, lines are start ≤ line < stop.
		s := q.Session
		if s <= 0 {
			s += h.session
		}
		for _, e := range all {
			if e.Session == s && e.Line >= q.Start && (q.Stop <= 0 || e.Line < q.Stop) {
				sel = append(sel, e)
			}
		}
	case "search":
		re, err := globRegexp(q.Pattern)
		if err != nil {
			return nil, err
		}
		for _, e := range all {
			if re.MatchString(e.Input) {
				sel = append(sel, e)
			}
		}
		if q.Unique {
			sel = lastOfEachInput(sel)
		}
		if q.N > 0 && len(sel) > q.N {
			sel = sel[len(sel)-q.N:]
		}
	default:
		return nil, fmt.Errorf("unknown hist_access_type %q", q.HistAccessType)
	}
	out := make([]any, 0, len(sel))
	for _, e := range sel {
		if q.Output {
			out = append(out, []any{e.Session, e.Line, []any{e.Input, e.Output}})
		} else {
			out = append(out, []any{e.Session, e.Line, e.Input})
		}
	}
	return out, nil
}

// lastOfEachInput keeps only the latest occurrence of each input, in order.
func lastOfEachInput(es []historyEntry) []historyEntry {
	seen := make(map[string]bool, len(es))
	var rev []historyEntry
	for i := len(es) - 1; i >= 0; i-- {
		if !seen[es[i].Input] {
			seen[es[i].Input] = true
			rev = append(rev, es[i])
		}
	}
	slices.Reverse(rev)
	return rev
}

// globRegexp compiles a history search pattern with SQLite GLOB semantics
// (what IPython uses): the whole input must match, case-sensitively; '*'
// and '?' match any characters including newlines; "[...]" is a class,
// negated by a leading '^' or '!'.
func globRegexp(pattern string) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString(`\A(?s:`)
	rs := []rune(pattern)
	for i := 0; i < len(rs); i++ {
		switch rs[i] {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		case '[':
			end := classEnd(rs, i)
			if end < 0 {
				b.WriteString(`\[`)
				continue
			}
			b.WriteByte('[')
			j := i + 1
			if rs[j] == '^' || rs[j] == '!' {
				b.WriteByte('^')
				j++
			}
			for ; j < end; j++ {
				if c := rs[j]; c == '\\' || c == '[' || c == ']' || c == '^' {
					b.WriteByte('\\')
				}
				b.WriteRune(rs[j])
			}
			b.WriteByte(']')
			i = end
		default:
			b.WriteString(regexp.QuoteMeta(string(rs[i])))
		}
	}
	b.WriteString(`)\z`)
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, fmt.Errorf("invalid pattern %q: %w", pattern, err)
	}
	return re, nil
}

// classEnd returns the index of the ']' closing the class opened at
// rs[open], or -1; a ']' right after "[" or "[^" is a literal member.
func classEnd(rs []rune, open int) int {
	j := open + 1
	if j < len(rs) && (rs[j] == '^' || rs[j] == '!') {
		j++
	}
	if j < len(rs) && rs[j] == ']' {
		j++
	}
	for ; j < len(rs); j++ {
		if rs[j] == ']' {
			return j
		}
	}
	return -1
}
