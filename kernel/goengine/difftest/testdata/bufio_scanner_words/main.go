package main

import (
	"bufio"
	"fmt"
	"strings"
)

func main() {
	input := "first line\nsecond  line here\n\nlast"
	sc := bufio.NewScanner(strings.NewReader(input))
	n := 0
	for sc.Scan() {
		n++
		fmt.Printf("%d: %q\n", n, sc.Text())
	}
	fmt.Println(sc.Err())
	ws := bufio.NewScanner(strings.NewReader(input))
	ws.Split(bufio.ScanWords)
	var words []string
	for ws.Scan() {
		words = append(words, ws.Text())
	}
	fmt.Println(len(words), words)
	rs := bufio.NewScanner(strings.NewReader("héllo"))
	rs.Split(bufio.ScanRunes)
	for rs.Scan() {
		fmt.Print(rs.Text(), "|")
	}
	fmt.Println()
	var sb strings.Builder
	w := bufio.NewWriter(&sb)
	fmt.Fprintf(w, "%d-%s", 42, "x")
	fmt.Println(sb.Len(), w.Buffered())
	w.Flush()
	fmt.Println(sb.String())
	r := bufio.NewReader(strings.NewReader("a,b,c"))
	tok, err := r.ReadString(',')
	fmt.Printf("%q %v\n", tok, err)
	rest, err := r.ReadString('!')
	fmt.Printf("%q %v\n", rest, err)
}
