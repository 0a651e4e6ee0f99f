package main

import (
	"fmt"
	"os"
	"strings"
	"text/template"
)

type Kernel struct {
	Name    string
	Threads int
	Args    []string
}

func main() {
	funcs := template.FuncMap{
		"upper": strings.ToUpper,
		"warps": func(t int) int { return (t + 31) / 32 },
		"join":  strings.Join,
		"add":   func(a, b int) int { return a + b },
	}
	const src = `{{define "arg"}}<{{.}}>{{end -}}
{{range $i, $k := .}}{{if $i}}---
{{end}}{{$k.Name | upper}}: {{$k.Threads}} threads = {{warps $k.Threads}} warps
{{- with $k.Args}} args {{join . ", "}}{{else}} no args{{end}}
{{range $k.Args}}{{template "arg" .}}{{end}} n={{len $k.Args | add 1}}
{{end}}`
	t := template.Must(template.New("k").Funcs(funcs).Parse(src))
	ks := []Kernel{{"saxpy", 256, []string{"n", "a", "x", "y"}}, {"noop", 33, nil}}
	if err := t.Execute(os.Stdout, ks); err != nil {
		fmt.Println("error:", err)
	}
	err := template.Must(template.New("bad").Parse("{{.Missing}}\n")).Execute(os.Stdout, ks[0])
	fmt.Println("error:", err != nil)
	m := map[string]any{"b": 2, "a": []int{1, 2}}
	template.Must(template.New("m").Parse(`{{range $k, $v := .}}{{$k}}={{$v}} {{end}}{{index .a 1}} {{printf "%05.1f" 3.14159}} {{eq .b 2}}`+"\n")).Execute(os.Stdout, m)
}
