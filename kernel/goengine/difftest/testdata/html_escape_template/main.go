package main

import (
	"fmt"
	"html"
	"html/template"
	"os"
)

type Kernel struct {
	Name  string
	Note  string
	Flops []float64
}

func main() {
	s := `<script>alert("x & y")</script>`
	e := html.EscapeString(s)
	fmt.Println(e)
	fmt.Println(html.UnescapeString(e) == s, html.UnescapeString("&eacute;&#x41;&lt;"))
	t := template.Must(template.New("k").Parse(
		`<li title="{{.Note}}"><a href="/k?n={{.Name}}">{{.Name}}</a>{{range $i, $f := .Flops}} {{$i}}={{printf "%.1f" $f}}{{end}}</li>` + "\n"))
	ks := []Kernel{
		{"saxpy", `fast "vectorized"`, []float64{1.5, 2}},
		{"<evil>", "a&b", nil},
	}
	for _, k := range ks {
		if err := t.Execute(os.Stdout, k); err != nil {
			fmt.Println(err)
		}
	}
	m := map[string]any{"b": template.HTML("<b>ok</b>"), "u": "<u>no</u>"}
	template.Must(template.New("m").Parse("{{.b}} {{.u}}\n")).Execute(os.Stdout, m)
}
