/** The column heads of a table of figures: the row name left, figures right. */
export function FigureTableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => (
          <th key={column} scope="col" className={i === 0 ? "text-left" : "text-right"}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
