package plots

import "github.com/culab/culab/display/table"

// The styles of display/table's Styled look that the tests look for in the
// HTML forms.
const (
	htmlCell   = "padding:2px 6px;white-space:nowrap;vertical-align:baseline;border-bottom:1px solid rgba(128,128,128,0.25)"
	htmlFailed = "background-color:rgba(220,30,50,0.13)"
	htmlWinner = "background-color:rgba(40,160,80,0.13)"
)

// mdEscape is how the Markdown forms escape a text.
func mdEscape(s string) string { return table.MarkdownEscape(s) }
