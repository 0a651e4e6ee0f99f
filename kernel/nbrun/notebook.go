// Package nbrun executes Jupyter notebooks without Jupyter: it drives the
// same kernel.Engine the Jupyter kernel drives, keeps the outputs the way a
// front end would (updates replace, clear_output clears), and writes valid
// nbformat 4 files and a self-contained HTML report.
package nbrun

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// Notebook is an nbformat 4 document. Fields this package does not use are
// kept as they were read.
type Notebook struct {
	Cells         []*Cell        `json:"cells"`
	Metadata      map[string]any `json:"metadata"`
	NBFormat      int            `json:"nbformat"`
	NBFormatMinor int            `json:"nbformat_minor"`
}

// Cell is one notebook cell.
type Cell struct {
	ID             string         `json:"id,omitempty"`
	CellType       string         `json:"cell_type"`
	Source         Source         `json:"source"`
	Metadata       map[string]any `json:"metadata"`
	Outputs        []Output       `json:"outputs,omitempty"`
	ExecutionCount *int           `json:"execution_count,omitempty"`
	Attachments    map[string]any `json:"attachments,omitempty"`
}

// Output is one cell output as nbformat stores it.
type Output struct {
	OutputType     string         `json:"output_type"`
	Name           string         `json:"name,omitempty"`
	Text           string         `json:"text,omitempty"`
	Data           map[string]any `json:"data,omitempty"`
	Metadata       map[string]any `json:"metadata,omitempty"`
	ExecutionCount *int           `json:"execution_count,omitempty"`
	EName          string         `json:"ename,omitempty"`
	EValue         string         `json:"evalue,omitempty"`
	Traceback      []string       `json:"traceback,omitempty"`

	displayID string // for update_display_data; not stored
}

// MarshalJSON writes exactly the fields nbformat allows for each type
// (display_data has no execution_count, stream has no metadata...).
func (o Output) MarshalJSON() ([]byte, error) {
	m := map[string]any{"output_type": o.OutputType}
	switch o.OutputType {
	case "stream":
		m["name"], m["text"] = o.Name, o.Text
	case "display_data", "execute_result":
		m["data"], m["metadata"] = nonNil(o.Data), nonNil(o.Metadata)
		if o.OutputType == "execute_result" {
			m["execution_count"] = o.ExecutionCount
		}
	case "error":
		m["ename"], m["evalue"], m["traceback"] = o.EName, o.EValue, nonNilStrings(o.Traceback)
	}
	return json.Marshal(m)
}

func nonNil(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Source is a cell's source: a string or a list of lines on disk, always a
// string in memory.
type Source string

// UnmarshalJSON accepts both forms nbformat allows.
func (s *Source) UnmarshalJSON(b []byte) error {
	var str string
	if err := json.Unmarshal(b, &str); err == nil {
		*s = Source(str)
		return nil
	}
	var lines []string
	if err := json.Unmarshal(b, &lines); err != nil {
		return fmt.Errorf("cell source is neither a string nor a list of strings")
	}
	*s = Source(strings.Join(lines, ""))
	return nil
}

// MarshalJSON writes the list-of-lines form, as Jupyter does.
func (s Source) MarshalJSON() ([]byte, error) {
	lines := strings.SplitAfter(string(s), "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if lines == nil {
		lines = []string{}
	}
	return json.Marshal(lines)
}

// Read parses a notebook file. Only nbformat 4 is accepted.
func Read(path string) (*Notebook, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(b)
}

// Parse parses notebook JSON.
func Parse(b []byte) (*Notebook, error) {
	var nb Notebook
	if err := json.Unmarshal(b, &nb); err != nil {
		return nil, fmt.Errorf("not a notebook: %w", err)
	}
	if nb.NBFormat != 4 {
		return nil, fmt.Errorf("nbformat %d: only nbformat 4 is supported", nb.NBFormat)
	}
	for i, c := range nb.Cells {
		if c == nil {
			return nil, fmt.Errorf("cell %d is null", i)
		}
		if c.Metadata == nil {
			c.Metadata = map[string]any{}
		}
	}
	if nb.Metadata == nil {
		nb.Metadata = map[string]any{}
	}
	return &nb, nil
}

// Encode writes the notebook as Jupyter does (one-space indent, ids on
// every cell as nbformat 4.5 requires).
func (nb *Notebook) Encode() ([]byte, error) {
	if nb.NBFormatMinor < 5 {
		nb.NBFormatMinor = 5
	}
	for _, c := range nb.Cells {
		if c.ID == "" {
			c.ID = newID()
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", " ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(nb); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// MarshalJSON gives code cells outputs and execution_count (null when not
// run), as nbformat's schema requires, and other cells neither.
func (c Cell) MarshalJSON() ([]byte, error) {
	type plain Cell
	m := map[string]any{}
	b, err := json.Marshal(plain(c))
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	if c.CellType == "code" {
		m["execution_count"] = c.ExecutionCount
		if _, ok := m["outputs"]; !ok {
			m["outputs"] = []any{}
		}
	} else {
		delete(m, "outputs")
		delete(m, "execution_count")
	}
	return json.Marshal(m)
}

func newID() string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// HasTag reports whether the cell carries a tag in metadata.tags.
func (c *Cell) HasTag(tag string) bool {
	tags, _ := c.Metadata["tags"].([]any)
	for _, t := range tags {
		if t == tag {
			return true
		}
	}
	return false
}
