package nbrun

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/culab/culab/kernel"
)

// Options control a run.
type Options struct {
	// Params override the notebook's parameters cell (papermill's
	// convention): each value is Go source, or text that is not (taken as
	// a string); a plain word given for a parameter that the parameters
	// cell declares as a string is that string.
	Params map[string]string
	// CellTimeout interrupts a cell that runs longer (0: no limit).
	CellTimeout time.Duration
	// Log receives one line per cell as the run progresses (nil: none).
	Log io.Writer
}

// Result is one executed notebook.
type Result struct {
	Notebook   *Notebook
	FailedCell int // index of the failing cell, -1 when every cell ran
	Err        *kernel.ExecError
	Duration   time.Duration
}

// Failed reports whether a cell failed.
func (r Result) Failed() bool { return r.FailedCell >= 0 }

// Execute runs every code cell of nb in order on eng, storing the outputs
// in the cells. A failing cell stops the notebook; its error is stored as
// the cell's last output and in the Result.
func Execute(ctx context.Context, nb *Notebook, eng kernel.Engine, opts Options) (Result, error) {
	if err := inject(nb, opts.Params); err != nil {
		return Result{}, err
	}
	start := time.Now()
	res := Result{Notebook: nb, FailedCell: -1}
	count := 0
	for i, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		count++
		n := count
		c.ExecutionCount = &n
		col := &collector{nb: nb, cell: c, count: n}
		c.Outputs = nil
		cellCtx, cancel := ctx, context.CancelFunc(func() {})
		if opts.CellTimeout > 0 {
			cellCtx, cancel = context.WithTimeout(ctx, opts.CellTimeout)
		}
		t0 := time.Now()
		reply := eng.Execute(cellCtx, kernel.ExecuteRequest{Code: string(c.Source), StoreHistory: true, ExecutionCount: n}, col)
		timedOut := errors.Is(cellCtx.Err(), context.DeadlineExceeded)
		cancel()
		if opts.Log != nil {
			fmt.Fprintf(opts.Log, "  cell %d [%d] %.2fs\n", i, n, time.Since(t0).Seconds())
		}
		if reply.Error != nil {
			e := *reply.Error
			if timedOut {
				e.Value = fmt.Sprintf("cell timed out after %v: %s", opts.CellTimeout, e.Value)
			}
			if c.HasTag("injected-parameters") {
				paramError(&e, opts.Params)
			}
			c.Outputs = append(c.Outputs, Output{OutputType: "error", EName: e.Name, EValue: e.Value, Traceback: e.Traceback})
			res.FailedCell, res.Err = i, &e
			break
		}
		if err := ctx.Err(); err != nil {
			return res, err
		}
	}
	res.Duration = time.Since(start)
	return res, nil
}

// inject adds a cell after the one tagged "parameters" that assigns the
// overrides, as papermill does.
func inject(nb *Notebook, params map[string]string) error {
	if len(params) == 0 {
		return nil
	}
	at := -1
	for i, c := range nb.Cells {
		if c.CellType == "code" && c.HasTag("parameters") {
			at = i
			break
		}
	}
	if at < 0 {
		return fmt.Errorf("parameters given but the notebook has no cell tagged \"parameters\"")
	}
	strs := stringParams(string(nb.Cells[at].Source))
	var b strings.Builder
	b.WriteString("// Parameters given on the command line.\n")
	for _, name := range slices.Sorted(maps.Keys(params)) {
		fmt.Fprintf(&b, "%s = %s\n", name, goValue(params[name], strs[name]))
	}
	cell := &Cell{CellType: "code", Source: Source(b.String()),
		Metadata: map[string]any{"tags": []any{"injected-parameters"}}}
	nb.Cells = append(nb.Cells[:at+1], append([]*Cell{cell}, nb.Cells[at+1:]...)...)
	return nil
}

// goValue keeps a Go expression as it is and quotes anything else; a
// plain word (an identifier) given for a string parameter is that string:
// -p mode=profile.
func goValue(v string, isString bool) string {
	e, err := parser.ParseExpr(v)
	if _, word := e.(*ast.Ident); err != nil || word && isString {
		return strconv.Quote(v)
	}
	return v
}

// stringParams names the parameters that the parameters cell declares as
// strings (name := "...", var name = "...", var name string).
func stringParams(src string) map[string]bool {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\nfunc _() {\n"+src+"\n}", 0)
	if err != nil {
		return nil
	}
	strs := map[string]bool{}
	isString := func(e ast.Expr) bool {
		lit, ok := e.(*ast.BasicLit)
		return ok && lit.Kind == token.STRING
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && len(n.Rhs) == len(n.Lhs) {
					strs[id.Name] = isString(n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			typ, _ := n.Type.(*ast.Ident)
			for i, id := range n.Names {
				strs[id.Name] = typ != nil && typ.Name == "string" || i < len(n.Values) && isString(n.Values[i])
			}
		}
		return true
	})
	return strs
}

// paramError names the -p value that a failing injected cell's error is
// about (the line of its assignment), and shows how to quote a string.
func paramError(e *kernel.ExecError, params map[string]string) {
	names := slices.Sorted(maps.Keys(params))
	line := 0
	if _, err := fmt.Sscanf(e.Value, "line %d:", &line); err != nil || line < 2 || line-2 >= len(names) {
		e.Value = "the parameters given with -p: " + e.Value
		return
	}
	name := names[line-2]
	e.Value = fmt.Sprintf("-p %s=%s: %s (a value is Go source; a string is quoted: -p '%s=%s')",
		name, params[name], strings.TrimSpace(e.Value[strings.IndexByte(e.Value, ':')+1:]), name, strconv.Quote(params[name]))
}

// collector is the kernel.Output of one cell: it keeps outputs the way a
// front end does.
type collector struct {
	nb           *Notebook
	cell         *Cell
	count        int
	pendingClear bool
}

func (c *collector) add(o Output) {
	if c.pendingClear {
		c.cell.Outputs, c.pendingClear = nil, false
	}
	if o.OutputType == "stream" && len(c.cell.Outputs) > 0 {
		last := &c.cell.Outputs[len(c.cell.Outputs)-1]
		if last.OutputType == "stream" && last.Name == o.Name {
			last.Text += o.Text
			return
		}
	}
	c.cell.Outputs = append(c.cell.Outputs, o)
}

func (c *collector) Stream(name, text string) {
	c.add(Output{OutputType: "stream", Name: name, Text: text})
}

func (c *collector) Display(data kernel.MIMEBundle, metadata map[string]any, id string, update bool) {
	if update {
		// update_display_data replaces every output shown with that id,
		// in any cell.
		for _, cell := range c.nb.Cells {
			for i := range cell.Outputs {
				if cell.Outputs[i].displayID == id {
					cell.Outputs[i].Data, cell.Outputs[i].Metadata = data, metadata
				}
			}
		}
		return
	}
	c.add(Output{OutputType: "display_data", Data: data, Metadata: metadata, displayID: id})
}

func (c *collector) Result(data kernel.MIMEBundle, metadata map[string]any) {
	n := c.count
	c.add(Output{OutputType: "execute_result", Data: data, Metadata: metadata, ExecutionCount: &n})
}

func (c *collector) Clear(wait bool) {
	if wait {
		c.pendingClear = true
		return
	}
	c.cell.Outputs = nil
}

func (c *collector) Input(prompt string, password bool) (string, error) {
	return "", errors.New("no input in a headless run: culab run cannot answer " + strconv.Quote(prompt))
}
