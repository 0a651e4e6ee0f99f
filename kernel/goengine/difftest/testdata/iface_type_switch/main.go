package main

import "fmt"

func classify(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int, int64:
		return fmt.Sprintf("integer %v (%T)", x, x)
	case float64:
		return fmt.Sprintf("float %.1f", x)
	case string:
		return "string " + x
	case error:
		return "error " + x.Error()
	case []int:
		return fmt.Sprint("ints ", len(x))
	case func() int:
		return fmt.Sprint("func returning ", x())
	default:
		return fmt.Sprintf("unknown %T", x)
	}
}

func main() {
	vals := []any{nil, 1, int64(2), 2.5, "s", fmt.Errorf("bad"), []int{1, 2}, func() int { return 9 }, struct{}{}, map[string]bool{}}
	for _, v := range vals {
		fmt.Println(classify(v))
	}
}
