package main

import "fmt"

type point struct {
	X, Y int
	Tag  string
}

func main() {
	fmt.Printf("[%8s][%-8s][%.2s][%8.3s]\n", "gpu", "gpu", "kernel", "kernel")
	fmt.Printf("[%6d][%-6d][%06d][%+d][% d][%x][%X][%#x][%o][%#o][%O][%b][%08b]\n", 42, 42, -42, 42, 42, 255, 255, 255, 8, 8, 8, 5, 5)
	fmt.Printf("[%8.3f][%-8.2f][%08.3f][%+.1e][%g][%G][%.3g][%6.0f]\n", 3.14159, 2.5, -3.14159, 123456.789, 1e21, 1e-7, 2.0/3, 2.5)
	fmt.Printf("[%c][%q][%U][%#U][%x][% x][%X]\n", 'é', 'é', 'é', 'é', "hi€", "hi€", []byte("ok"))
	fmt.Printf("[%t][%5t][%v][%p]\n", true, false, nil, nil)
	p := point{1, -2, "a"}
	fmt.Printf("[%v][%+v][%#v][%T]\n", p, p, p, p)
	fmt.Printf("[%v][%+v]\n", &p, []*int(nil))
	fmt.Printf("[%*d][%-*d][%.*f][%[2]*[1]d]\n", 5, 7, 4, 3, 2, 3.14159, 9)
	fmt.Printf("[%#v][%#v][%#v]\n", []string{"a"}, map[string]int{"z": 1, "a": 2}, [2]bool{true})
	fmt.Printf("[%6.2f%%][%v][%d]\n", 99.5, []any{1, "a", nil}, []int8{-1, 2})
	fmt.Printf("[%q][%#q][%+q]\n", "tab\t", "back`tick", "é")
	fmt.Printf("[%x][%.2x][%10.4v]\n", 3.5, "abc", 3.14159)
	fmt.Println(fmt.Sprintf("%05s|%-5x|%5.1q", "ab", "ab", "abc"))
	fmt.Printf("%d %s\n", "str", 5)
}
