package main

import "fmt"

type celsius float64
type fahrenheit float64

func describe(v any) string {
	switch t := v.(type) {
	case celsius:
		return fmt.Sprintf("%.1f C", float64(t))
	case fahrenheit:
		return fmt.Sprintf("%.1f F", float64(t))
	case float64:
		return fmt.Sprintf("%.1f plain", t)
	default:
		return "unknown"
	}
}

func main() {
	for _, v := range []any{celsius(20), fahrenheit(68), 1.5, "x"} {
		fmt.Println(describe(v))
	}
	var a any = celsius(3)
	f, ok := a.(float64)
	fmt.Println(f, ok)
	_, ok = a.(fahrenheit)
	fmt.Println(ok)
	c, ok := a.(celsius)
	fmt.Println(c, ok)
}
