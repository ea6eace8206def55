using System.Linq.Expressions;
using System.Reflection;
using Npgsql;
using NpgsqlTypes;
using RpcCompare.Contracts;

namespace RpcCompare.Data.Seeding;

/// <summary>The records table's columns with a compiled writer each, derived from <see cref="WideRecord"/>'s properties.</summary>
internal sealed class RecordColumns
{
    private readonly Action<NpgsqlBinaryImporter, WideRecord> _write;

    private RecordColumns(string name, Action<NpgsqlBinaryImporter, WideRecord> write)
    {
        Name = name;
        _write = write;
    }

    public string Name { get; }

    public static IReadOnlyList<RecordColumns> All { get; } = typeof(WideRecord)
        .GetProperties(BindingFlags.Public | BindingFlags.Instance)
        .Where(p => p.CanWrite && p.Name != "EqualityContract")
        .Select(Create)
        .ToArray();

    public void Write(NpgsqlBinaryImporter writer, WideRecord record) => _write(writer, record);

    private static RecordColumns Create(PropertyInfo property)
    {
        var dbType = Type.GetTypeCode(property.PropertyType) switch
        {
            TypeCode.Int64 => NpgsqlDbType.Bigint,
            TypeCode.Int32 => NpgsqlDbType.Integer,
            TypeCode.Double => NpgsqlDbType.Double,
            TypeCode.Boolean => NpgsqlDbType.Boolean,
            TypeCode.String => NpgsqlDbType.Text,
            TypeCode.DateTime => NpgsqlDbType.TimestampTz,
            _ => throw new NotSupportedException($"WideRecord.{property.Name} has an unmapped type {property.PropertyType}."),
        };
        var writer = Expression.Parameter(typeof(NpgsqlBinaryImporter));
        var record = Expression.Parameter(typeof(WideRecord));
        var write = typeof(NpgsqlBinaryImporter).GetMethods()
            .Single(m => m.Name == nameof(NpgsqlBinaryImporter.Write) && m.IsGenericMethodDefinition
                && m.GetParameters() is [_, { ParameterType: var second }] && second == typeof(NpgsqlDbType))
            .MakeGenericMethod(property.PropertyType);
        var body = Expression.Call(writer, write, Expression.Property(record, property), Expression.Constant(dbType));
        return new RecordColumns(GraphDb.ToSnakeCase(property.Name),
            Expression.Lambda<Action<NpgsqlBinaryImporter, WideRecord>>(body, writer, record).Compile());
    }
}
