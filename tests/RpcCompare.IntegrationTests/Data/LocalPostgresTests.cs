using Npgsql;
using RpcCompare.Data.Postgres;

namespace RpcCompare.IntegrationTests.Data;

public sealed class LocalPostgresTests
{
    [Fact]
    public async Task ALocalClusterStopsWithoutLeavingAProcess()
    {
        LocalPostgres cluster;
        int serverPid;
        await using (cluster = await LocalPostgres.StartAsync(null, ephemeral: true, log: null, default))
        {
            serverPid = cluster.ServerProcessId;
            Assert.True(LocalPostgres.IsAlive(serverPid), "the postmaster runs");
            await using var connection = new NpgsqlConnection(cluster.ConnectionString);
            await connection.OpenAsync();
            await using var command = new NpgsqlCommand("SELECT inet_server_addr()::text, current_database()", connection);
            await using var reader = await command.ExecuteReaderAsync();
            Assert.True(await reader.ReadAsync());
            Assert.Equal("127.0.0.1/32", reader.GetString(0));
            Assert.Equal(LocalPostgres.Database, reader.GetString(1));
        }

        await Eventually.TrueAsync(() => !LocalPostgres.IsAlive(serverPid), "the postmaster to be gone");
        Assert.False(Directory.Exists(cluster.Root), "the ephemeral folder is deleted");
    }

    [Fact]
    public async Task AServerWhoseOwnerIsKilledStopsByItself()
    {
        using var owner = System.Diagnostics.Process.Start("sleep", "600");
        await using var cluster = await LocalPostgres.StartAsync(null, ephemeral: true, log: null, default, ownerProcessId: owner.Id);
        var serverPid = cluster.ServerProcessId;
        Assert.True(LocalPostgres.IsAlive(serverPid), "the postmaster runs");

        owner.Kill();

        await Eventually.TrueAsync(() => !LocalPostgres.IsAlive(serverPid), "the postmaster to stop after its owner was killed");
    }

    [Fact]
    public async Task ASecondClientOfTheSameClusterFolderGetsAClearMessage()
    {
        var root = Path.Combine(Path.GetTempPath(), $"rc-lock-{Guid.NewGuid():N}");
        await using var first = await LocalPostgres.StartAsync(root, ephemeral: true, log: null, default);

        var error = await Assert.ThrowsAsync<PostgresUnavailableException>(() =>
            LocalPostgres.StartAsync(root, ephemeral: false, log: null, default));

        Assert.Contains("Another RpcCompare process", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void MissingServerBinariesAreReportedInOneSentenceWithTheFix()
    {
        var error = Assert.Throws<PostgresUnavailableException>(() => PostgresBinaries.Find([Path.GetTempPath()]));

        Assert.Contains("apt-get install postgresql", error.Message, StringComparison.Ordinal);
        Assert.Contains("--connection", error.Message, StringComparison.Ordinal);
    }
}
