using Npgsql;
using RpcCompare.Contracts;

namespace RpcCompare.IntegrationTests.Infrastructure;

/// <summary>The expected answers, written as plain SQL independently of the query service's LINQ.</summary>
public static class Sql
{
    public const string LinksOf = """
        SELECT l.id, lt.name, l.weight, l.created_at, t.id, t.name, nt.name
        FROM links l
        JOIN link_types lt ON lt.id = l.type_id
        JOIN nodes t ON t.id = l.target_id
        JOIN node_types nt ON nt.id = t.type_id
        WHERE l.source_id = $1
        ORDER BY l.id
        """;

    public const string SearchPrefix = """
        SELECT n.id, n.name, nt.name
        FROM nodes n JOIN node_types nt ON nt.id = n.type_id
        WHERE left(lower(n.name), length($1)) = lower($1)
        ORDER BY lower(n.name) COLLATE "C", n.id
        LIMIT $2
        """;

    public const string NodesAfter = """
        SELECT n.id, n.name, nt.name
        FROM nodes n JOIN node_types nt ON nt.id = n.type_id
        WHERE n.id > $1 ORDER BY n.id LIMIT $2
        """;

    public static async Task<LinkView[]> LinksAsync(NpgsqlDataSource dataSource, long nodeId)
    {
        var rows = await ReadAsync(dataSource, LinksOf, [nodeId], r => new LinkView
        {
            Id = r.GetInt64(0),
            Type = r.GetString(1),
            Weight = r.GetDouble(2),
            CreatedAt = r.GetDateTime(3),
            Target = new NodeSummary { Id = r.GetInt64(4), Name = r.GetString(5), Type = r.GetString(6) },
        });
        return [.. rows];
    }

    public static async Task<NodeSummary[]> NodesAsync(NpgsqlDataSource dataSource, string sql, params object[] parameters) =>
        [.. await ReadAsync(dataSource, sql, parameters,
            r => new NodeSummary { Id = r.GetInt64(0), Name = r.GetString(1), Type = r.GetString(2) })];

    public static async Task<List<T>> ReadAsync<T>(NpgsqlDataSource dataSource, string sql, object[] parameters,
        Func<NpgsqlDataReader, T> map)
    {
        await using var command = dataSource.CreateCommand(sql);
        foreach (var parameter in parameters)
        {
            command.Parameters.Add(new NpgsqlParameter { Value = parameter });
        }
        await using var reader = await command.ExecuteReaderAsync();
        var rows = new List<T>();
        while (await reader.ReadAsync())
        {
            rows.Add(map(reader));
        }
        return rows;
    }
}
