package main

import "fmt"

func main() {
	rows := [][2]string{{"name", "value"}, {"π", "3.14"}, {"émile", "x"}}
	for _, r := range rows {
		fmt.Printf("|%-6s|%6s|\n", r[0], r[1])
	}
	fmt.Printf("|%-4q|%4v|\n", 'é', 'é')
	fmt.Printf("|%6.2v|\n", "日本語テキスト")
}
