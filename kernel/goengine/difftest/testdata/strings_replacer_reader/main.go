package main

import (
	"fmt"
	"io"
	"strings"
)

func main() {
	r := strings.NewReplacer("<", "&lt;", ">", "&gt;", "&", "&amp;")
	fmt.Println(r.Replace("<a href=\"x&y\">"))
	rd := strings.NewReader("abcdefgh")
	buf := make([]byte, 3)
	for {
		n, err := rd.Read(buf)
		if err == io.EOF {
			fmt.Println("EOF")
			break
		}
		fmt.Print(string(buf[:n]), "|")
	}
	rd.Seek(2, io.SeekStart)
	rest, _ := io.ReadAll(rd)
	fmt.Println(string(rest), rd.Len())
}
