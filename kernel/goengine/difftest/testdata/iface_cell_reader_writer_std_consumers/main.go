package main

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"hash/fnv"
	"io"
	"strings"
	"text/tabwriter"
)

type rot13 struct{ r io.Reader }

func (x rot13) Read(p []byte) (int, error) {
	n, err := x.r.Read(p)
	for i := range p[:n] {
		c := p[i]
		switch {
		case c >= 'a' && c <= 'z':
			p[i] = 'a' + (c-'a'+13)%26
		case c >= 'A' && c <= 'Z':
			p[i] = 'A' + (c-'A'+13)%26
		}
	}
	return n, err
}

type lineCounter struct {
	lines int
	sb    strings.Builder
}

func (l *lineCounter) Write(p []byte) (int, error) {
	l.lines += strings.Count(string(p), "\n")
	return l.sb.Write(p)
}

func main() {
	sc := bufio.NewScanner(rot13{strings.NewReader("uryyb jbeyq\ntb vf sha")})
	sc.Split(bufio.ScanWords)
	var words []string
	for sc.Scan() {
		words = append(words, sc.Text())
	}
	fmt.Println(words)

	lc := &lineCounter{}
	w := csv.NewWriter(lc)
	w.Write([]string{"name", "note"})
	w.Write([]string{"ada", "likes, commas"})
	w.Flush()
	fmt.Print(lc.sb.String())
	fmt.Println(lc.lines, w.Error())

	r := csv.NewReader(strings.NewReader(lc.sb.String()))
	recs, err := r.ReadAll()
	fmt.Println(len(recs), recs[1][1], err)

	tw := tabwriter.NewWriter(lc, 0, 0, 1, '.', 0)
	fmt.Fprintln(tw, "a\tbb\tccc")
	fmt.Fprintln(tw, "dddd\te\tf")
	tw.Flush()
	fmt.Println(lc.lines)

	h := fnv.New32a()
	io.Copy(h, rot13{strings.NewReader("abc")})
	fmt.Printf("%08x\n", h.Sum32())
}
