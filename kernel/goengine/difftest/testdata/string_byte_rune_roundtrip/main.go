package main

import "fmt"

func main() {
	s := "héllo, 世界"
	b := []byte(s)
	r := []rune(s)
	b[0] = 'H'
	fmt.Println(s, string(b), len(b), len(r))
	r[1] = 'e'
	fmt.Println(string(r), s)
	s2 := string(b[:3])
	b[1] = 'X'
	fmt.Printf("%q %q\n", s2, b[:3])
	var rs []rune
	for _, c := range "ab" {
		rs = append(rs, c, c+1)
	}
	fmt.Println(string(rs), rs)
	bs := append([]byte("go"), "lang"...)
	fmt.Println(string(bs))
	fmt.Println(string(rune(0x4e16)), string(byte(0xe9)), []byte(string(byte(0xe9))))
	type myStr string
	type myBytes []byte
	ms := myStr("abc")
	mb := myBytes(ms)
	mb[0] = 'z'
	fmt.Println(ms, string(mb), myStr(mb))
	x := 'a' + 1
	fmt.Printf("%T %v %c\n", x, x, x)
	var y byte = 'a'
	y += 2
	fmt.Printf("%T %v %c %s\n", y, y, y, string(y))
	fmt.Println(s[len(s)-3:], s[1:3] == "é")
	cnt := 0
	for range s {
		cnt++
	}
	fmt.Println(cnt)
}
