package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

func main() {
	re := regexp.MustCompile(`(?P<kernel>\w+)<<<(?P<grid>\d+),\s*(?P<block>\d+)>>>`)
	src := "saxpy<<<128, 256>>>(n, a, x, y); reduce<<<64,1024>>>(in, out);"
	for _, m := range re.FindAllStringSubmatch(src, -1) {
		fmt.Println(m[re.SubexpIndex("kernel")], m[re.SubexpIndex("grid")], m[re.SubexpIndex("block")])
	}
	fmt.Println(re.SubexpNames(), re.NumSubexp())
	fmt.Println(re.FindAllStringSubmatchIndex(src, 1))
	fmt.Println(re.ReplaceAllString(src, "launch(${kernel}, $grid*$block)"))
	doubled := regexp.MustCompile(`\d+`).ReplaceAllStringFunc("a1 b22 c333", func(s string) string {
		n, _ := strconv.Atoi(s)
		return strconv.Itoa(n * 2)
	})
	fmt.Println(doubled)
	tmpl := []byte{}
	for _, sm := range re.FindAllStringSubmatchIndex(src, -1) {
		tmpl = re.ExpandString(tmpl, "$kernel=$grid;", src, sm)
	}
	fmt.Println(string(tmpl))
	fmt.Println(regexp.MustCompile(`a+?`).FindString("aaa"), regexp.MustCompile(`(?i)GRID`).MatchString("grid"))
	fmt.Println(regexp.QuoteMeta("a.b*c"), regexp.MustCompile(`\s+`).Split(strings.TrimSpace("  x  y\tz "), -1))
	_, err := regexp.Compile(`(unclosed`)
	fmt.Println(err)
	fmt.Printf("%q\n", regexp.MustCompile(`x*`).ReplaceAllString("abc", "-"))
}
