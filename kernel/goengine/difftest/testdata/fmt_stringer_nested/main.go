package main

import "fmt"

type ID int

func (i ID) String() string { return fmt.Sprintf("ID-%03d", int(i)) }

type Team struct {
	Lead    ID
	Members []ID
	ByRole  map[string]ID
}

func main() {
	t := Team{1, []ID{2, 3}, map[string]ID{"qa": 5, "dev": 4}}
	fmt.Println(t)
	fmt.Printf("%+v\n", t)
	teams := map[string][]Team{"x": {t}}
	fmt.Println(teams)
	fmt.Println([]any{t.Lead, []ID{7}, map[ID]ID{9: 8}})
	var ids [2]ID
	fmt.Println(ids, &ids)
}
