using Npgsql;
using RpcCompare.Contracts;

namespace RpcCompare.IntegrationTests.Infrastructure;

/// <summary>Reads one records row column by column into a <see cref="WideRecord"/>, without EF.</summary>
public static class WideRecords
{
    public static async Task<WideRecord> ReadAsync(NpgsqlDataSource dataSource, long id)
    {
        await using var command = dataSource.CreateCommand("SELECT * FROM records WHERE id = $1");
        command.Parameters.Add(new NpgsqlParameter<long> { TypedValue = id });
        await using var reader = await command.ExecuteReaderAsync();
        Assert.True(await reader.ReadAsync(), $"record {id} exists");
        var record = new WideRecord();
        foreach (var property in typeof(WideRecord).GetProperties().Where(p => p.CanWrite && p.Name != "EqualityContract"))
        {
            var column = ToColumnName(property.Name);
            property.SetValue(record, reader.GetValue(reader.GetOrdinal(column)));
        }
        return record;
    }

    private static string ToColumnName(string property) =>
        string.Concat(property.Select((c, i) =>
            i > 0 && (char.IsUpper(c) || (char.IsDigit(c) && !char.IsDigit(property[i - 1])))
                ? "_" + char.ToLowerInvariant(c)
                : char.ToLowerInvariant(c).ToString()));
}
