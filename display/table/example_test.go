package table_test

import (
	"fmt"

	"github.com/culab/culab/display/table"
)

// A tool's plain table: columns by alignment, rows of text, one cell in
// bold.
func Example() {
	t := table.Table{Columns: append(table.Cols(table.Left, "lab", "variant"), table.Cols(table.Right, "modeled/measured")...)}
	t.AddRow("matmul", "mm_tiled<16>", "0.92")
	t.Rows = append(t.Rows, table.Row{Cells: []table.Cell{{Text: "matmul"}, {Text: "naive | strided"}, {Text: "2.41", Em: table.Strong}}})
	fmt.Print(table.Markdown(t))
	fmt.Print(table.Text(t))
	// Output:
	// | lab | variant | modeled/measured |
	// |:---|:---|---:|
	// | matmul | mm_tiled&lt;16&gt; | 0.92 |
	// | matmul | naive \| strided | **2.41** |
	//
	//   lab     variant          modeled/measured
	//   ──────  ───────────────  ────────────────
	//   matmul  mm_tiled<16>                 0.92
	//   matmul  naive | strided              2.41
}
