package main

import "fmt"

func main() {
	for _, a := range []int{7, -7} {
		for _, b := range []int{2, -2} {
			fmt.Printf("%d/%d=%d %d%%%d=%d\n", a, b, a/b, a, b, a%b)
		}
	}
	n := -9
	fmt.Println(n>>1, n>>10, n<<2, -9/2)
	var u uint8 = 0x81
	fmt.Println(u>>1, int8(u)>>1, u<<1)
	var s uint = 70
	one := int32(1)
	fmt.Println(1<<s == 0, one<<31, int64(-1)<<s, one<<s)
	x := int16(-32768)
	fmt.Println(x/-1, x%-1, -x)
	fmt.Println(-7&3, -7|3, -7^3, 7&^5)
}
