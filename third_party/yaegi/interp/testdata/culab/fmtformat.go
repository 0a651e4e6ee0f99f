// culab patch 20: the verbs that fmt handles before a value's methods
// (%T, %p, %w, '*') and its reports of bad formats, for arguments of
// interpreted types.
package main

import (
	"errors"
	"fmt"
)

type ID int

func (i ID) String() string { return fmt.Sprintf("ID-%d", int(i)) }

type Width int

type NotFound struct{ name string }

func (e NotFound) Error() string { return e.name + " not found" }

type Stack[T any] struct{ items []T }

func main() {
	fmt.Printf("%T %v\n", ID(1), ID(1))
	fmt.Printf("%v (%[1]T) %[2]v %[2]T %v\n", ID(1), ID(2), ID(3))
	fmt.Printf("%[2]v %[1]T %v\n", ID(1), 2.5)
	fmt.Printf("%10T|%-10T|%.3T\n", ID(1), ID(2), ID(3))
	fmt.Printf("%*d|%-*d|%.*f\n", Width(5), ID(1), 4, 2, Width(2), 3.14159)
	fmt.Printf("[%*v]\n", Width(6), ID(7))
	fmt.Printf("%v\n", ID(1), ID(2))
	fmt.Printf("%v %v\n", ID(1))
	fmt.Printf("%!\n", ID(1))
	fmt.Printf("%[3]v\n", ID(1))
	fmt.Printf("%d %s\n", ID(1), Width(2))
	err := fmt.Errorf("load: %w", NotFound{"x"})
	fmt.Println(err, errors.Unwrap(err) != nil)
	var target error = NotFound{"y"}
	err = fmt.Errorf("%w; %v (%T)", target, target, target)
	fmt.Println(err, errors.Unwrap(err) != nil)
	fmt.Printf("%T %T\n", Stack[string]{}, &Stack[float64]{})
	vals := []any{ID(1), NotFound{"z"}, "s"}
	fmt.Printf("%v %v %v|%T %T %T\n", append(vals, vals...)...)
	s := fmt.Sprintf("%T", []Stack[ID]{})
	fmt.Println(s, len(s))
}

// Output:
// main.ID ID-1
// ID-1 (main.ID) ID-2 main.ID ID-3
// 2.5 main.ID 2.5
//    main.ID|main.ID   |mai
//     1|2   |3.14
// [  ID-7]
// ID-1
// %!(EXTRA main.ID=ID-2)ID-1 %!v(MISSING)
// %!!(main.ID=1)
// %!v(BADINDEX)
// 1 %!s(main.Width=2)
// load: x not found true
// y not found; y not found (main.NotFound) true
// main.Stack[string] *main.Stack[float64]
// ID-1 z not found s|main.ID main.NotFound string
// []main.Stack[main.ID] 21
