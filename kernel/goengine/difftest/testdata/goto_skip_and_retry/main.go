package main

import "fmt"

func parse(s string) (n int, err error) {
	i := 0
retry:
	if i >= len(s) {
		goto done
	}
	if s[i] == ' ' {
		i++
		goto retry
	}
	if s[i] < '0' || s[i] > '9' {
		err = fmt.Errorf("bad char %q at %d", s[i], i)
		goto fail
	}
	n = n*10 + int(s[i]-'0')
	i++
	goto retry
fail:
	return 0, err
done:
	return n, nil
}

func main() {
	fmt.Println(parse("1 2 3"))
	fmt.Println(parse("  42"))
	fmt.Println(parse("4x2"))
	k := 0
	{
	again:
		k++
		if k < 5 {
			goto again
		}
	}
	fmt.Println(k)
}
