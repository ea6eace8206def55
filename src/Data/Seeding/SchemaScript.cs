using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Migrations;
using Microsoft.EntityFrameworkCore.Migrations.Operations;

namespace RpcCompare.Data.Seeding;

/// <summary>
/// The EF model's DDL, split the way a bulk load wants it: tables without secondary indexes or foreign keys first, then
/// the indexes and constraints once the rows are in (building them afterwards is several times faster than maintaining
/// them row by row). The model stays the one description of the schema.
/// </summary>
internal sealed class SchemaScript
{
    private SchemaScript(IReadOnlyDictionary<string, string> tables, IReadOnlyList<string> extensions,
        IReadOnlyList<string> indexesAndKeys)
    {
        Tables = tables;
        Extensions = extensions;
        IndexesAndKeys = indexesAndKeys;
    }

    /// <summary>CREATE TABLE per table name, primary key included.</summary>
    public IReadOnlyDictionary<string, string> Tables { get; }

    public IReadOnlyList<string> Extensions { get; }

    public IReadOnlyList<string> IndexesAndKeys { get; }

    public static SchemaScript From(GraphDb db)
    {
        var model = db.GetService<IDesignTimeModel>().Model;
        var operations = db.GetService<IMigrationsModelDiffer>().GetDifferences(null, model.GetRelationalModel());
        var generator = db.GetService<IMigrationsSqlGenerator>();
        string Sql(MigrationOperation operation) =>
            string.Join("\n", generator.Generate([operation], model).Select(c => c.CommandText));

        var tables = new Dictionary<string, string>(StringComparer.Ordinal);
        var extensions = new List<string>();
        var later = new List<string>();
        foreach (var operation in operations)
        {
            switch (operation)
            {
                case CreateTableOperation table:
                    foreach (var foreignKey in table.ForeignKeys)
                    {
                        later.Add(NotValid(Sql(foreignKey)));
                    }
                    table.ForeignKeys.Clear();
                    tables[table.Name] = Sql(table);
                    break;
                case CreateIndexOperation index:
                    later.Insert(0, Sql(index));
                    break;
                case AlterDatabaseOperation:
                    extensions.Add(Sql(operation));
                    break;
                default:
                    later.Add(Sql(operation));
                    break;
            }
        }
        return new SchemaScript(tables, extensions, later);
    }

    /// <summary>
    /// Foreign keys are added without re-checking the loaded rows: the generator's references are right by construction
    /// (a test checks every one), validating 1.7 million links would cost more than loading them, and every row written
    /// later is still checked.
    /// </summary>
    private static string NotValid(string addForeignKey)
    {
        var statement = addForeignKey.TrimEnd();
        if (!statement.EndsWith(';'))
        {
            throw new InvalidOperationException($"Unexpected foreign key statement: {addForeignKey}");
        }
        return statement[..^1] + " NOT VALID;";
    }
}
