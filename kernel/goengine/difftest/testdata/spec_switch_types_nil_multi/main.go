package main

import "fmt"

type myErr struct{}

func (*myErr) Error() string { return "my" }

func classify(x any) string {
	switch v := x.(type) {
	case nil:
		return "nil"
	case int, int64:
		return fmt.Sprintf("integer %T %v", v, v)
	case error:
		return "error " + v.Error()
	case func() int:
		return fmt.Sprint("func ", v())
	case []any:
		return fmt.Sprint("list of ", len(v))
	case map[string]any:
		return fmt.Sprint("object with ", len(v))
	default:
		return fmt.Sprintf("default %T", v)
	}
}

func main() {
	var e *myErr
	var nilErr error
	for _, x := range []any{nil, 1, int64(2), &myErr{}, e, nilErr, func() int { return 7 }, []any{1, "a"}, map[string]any{"k": 1}, 3.5, struct{}{}} {
		fmt.Println(classify(x))
	}
}
