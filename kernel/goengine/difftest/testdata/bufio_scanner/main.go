package main

import (
	"bufio"
	"fmt"
	"strings"
)

func main() {
	input := "line one\nline two\n\nlast line without newline"
	sc := bufio.NewScanner(strings.NewReader(input))
	n := 0
	for sc.Scan() {
		n++
		fmt.Printf("%d: %q\n", n, sc.Text())
	}
	fmt.Println(sc.Err())
	words := bufio.NewScanner(strings.NewReader("count  these\twords\nplease"))
	words.Split(bufio.ScanWords)
	c := 0
	for words.Scan() {
		c++
	}
	fmt.Println("words:", c)
	r := bufio.NewReader(strings.NewReader("ab\ncd"))
	l, err := r.ReadString('\n')
	fmt.Printf("%q %v\n", l, err)
	l, err = r.ReadString('\n')
	fmt.Printf("%q %v\n", l, err)
}
