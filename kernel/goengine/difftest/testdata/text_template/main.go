package main

import (
	"os"
	"strings"
	"text/template"
)

type Item struct {
	Name  string
	Price float64
	Qty   int
}

func (i Item) Total() float64 { return i.Price * float64(i.Qty) }

func main() {
	funcs := template.FuncMap{"upper": strings.ToUpper}
	t := template.Must(template.New("inv").Funcs(funcs).Parse(
		`{{range $i, $it := .}}{{$i}}. {{upper $it.Name}} x{{$it.Qty}} = {{printf "%.2f" $it.Total}}
{{else}}empty
{{end}}`))
	t.Execute(os.Stdout, []Item{{"pen", 1.5, 4}, {"book", 12.25, 1}})
	t.Execute(os.Stdout, []Item{})
}
