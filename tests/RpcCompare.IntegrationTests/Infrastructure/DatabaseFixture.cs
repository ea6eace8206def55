using Microsoft.Extensions.DependencyInjection;
using Npgsql;
using RpcCompare.Data;
using RpcCompare.Data.Generation;
using RpcCompare.Data.Postgres;
using RpcCompare.Data.Queries;
using RpcCompare.Data.Seeding;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Infrastructure;

/// <summary>
/// One PostgreSQL for the whole test run with the tiny dataset loaded: the database in RPCCOMPARE_PG when it is set,
/// else a throwaway local cluster that is deleted afterwards. The four hosts are started on first use, as real processes
/// on ports the OS picks, with writes allowed (the created-node tests need them).
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Design", "CA1001", Justification = "xunit disposes a fixture through IAsyncLifetime.DisposeAsync; the lock's SemaphoreSlim never allocates a wait handle.")]
public sealed class DatabaseFixture : IAsyncLifetime
{
    private LocalPostgres? _cluster;
    private readonly SemaphoreSlim _hostsLock = new(1, 1);
    private readonly List<HostProcess> _hosts = [];
    private readonly Dictionary<string, IGraphClient> _clients = [];
    private Lazy<TlsHosts> _tlsHosts = null!;
    private readonly TempFolder _shared = new();
    private readonly Dictionary<string, Task> _once = [];

    public DatasetSpec Spec { get; } = DatasetSpec.Tiny;

    public GraphGenerator Generator { get; private set; } = null!;

    public string ConnectionString { get; private set; } = "";

    public NpgsqlDataSource DataSource { get; private set; } = null!;

    public SeedResult FirstSeed { get; private set; } = null!;

    /// <summary>A run of every stack on this fixture's database and dataset, small timeouts, no report: tests change what they test.</summary>
    public RunSettings Run(string scenario, string outputFolder) => new()
    {
        Scenario = scenario,
        Stacks = StackCatalog.Ids,
        Warmup = TimeSpan.FromMilliseconds(300),
        Dataset = Spec,
        Connection = ConnectionString,
        Targets = new Dictionary<string, string>(),
        OutputFolder = outputFolder,
        RequestTimeout = TimeSpan.FromSeconds(30),
        StartTimeout = TimeSpan.FromSeconds(60),
        DbPoolSize = 20,
        WriteReport = false,
        OptionsForManifest = new Dictionary<string, string>(),
    };

    /// <summary>
    /// <see cref="Run"/> against this fixture's hosts, each stack's given as a --target: the run starts no host of its own,
    /// which saves a host start per stack and run (seconds each on two cores). A host is started the same way for every
    /// scenario; what such a run proves is what the scenario's calls do on each stack. Their counters are not read unless
    /// the test turns <see cref="RunSettings.WatchLocalTargets"/> back on.
    /// </summary>
    public async Task<RunSettings> RunOnFixtureHostsAsync(string scenario, string outputFolder) => Run(scenario, outputFolder) with
    {
        Targets = await TargetsAsync(),
        WatchLocalTargets = false,
    };

    /// <summary>Each stack's host address as --target takes it (the endpoint the catalog names for the stack).</summary>
    public async Task<IReadOnlyDictionary<string, string>> TargetsAsync()
    {
        await ClientsAsync();
        return _hosts.ToDictionary(h => h.Stack, h => h.Ready.Endpoints[StackCatalog.Get(h.Stack).Endpoint]);
    }

    public async Task InitializeAsync()
    {
        if (Environment.GetEnvironmentVariable("RPCCOMPARE_PG") is { Length: > 0 } configured)
        {
            ConnectionString = configured;
        }
        else
        {
            _cluster = await LocalPostgres.StartAsync(null, ephemeral: true, log: null, CancellationToken.None);
            ConnectionString = _cluster.ConnectionString;
        }
        DataSource = NpgsqlDataSource.Create(ConnectionString);
        Generator = new GraphGenerator(Spec);
        FirstSeed = await new Seeder(DataSource).EnsureSeededAsync(Spec, null, CancellationToken.None);
        _tlsHosts = new(() => new TlsHosts(ConnectionString));
    }

    /// <summary>The query service wired exactly as the hosts wire it.</summary>
    public GraphQueries CreateQueries(bool allowWrites = false) => CreateQueries(new GraphQueryOptions { AllowWrites = allowWrites });

    public GraphQueries CreateQueries(GraphQueryOptions options) =>
        new ServiceCollection()
            .AddGraphData(ConnectionString, options)
            .BuildServiceProvider()
            .GetRequiredService<GraphQueries>();

    public async Task<T> ScalarAsync<T>(string sql, params object[] parameters)
    {
        await using var command = DataSource.CreateCommand(sql);
        foreach (var parameter in parameters)
        {
            command.Parameters.Add(new NpgsqlParameter { Value = parameter });
        }
        return (T)(await command.ExecuteScalarAsync())!;
    }

    public async Task<List<object[]>> RowsAsync(string sql, params object[] parameters)
    {
        await using var command = DataSource.CreateCommand(sql);
        foreach (var parameter in parameters)
        {
            command.Parameters.Add(new NpgsqlParameter { Value = parameter });
        }
        await using var reader = await command.ExecuteReaderAsync();
        var rows = new List<object[]>();
        while (await reader.ReadAsync())
        {
            var row = new object[reader.FieldCount];
            reader.GetValues(row);
            rows.Add(row);
        }
        return rows;
    }

    /// <summary>A client per stack, its host started (once) by the first test that asks.</summary>
    public async Task<IReadOnlyDictionary<string, IGraphClient>> ClientsAsync()
    {
        await _hostsLock.WaitAsync();
        try
        {
            if (_clients.Count == 0)
            {
                var started = await Task.WhenAll(StackCatalog.Ids.Select(stack =>
                    HostProcess.StartAsync(stack, new HostLaunch { AllowWrites = true, RestHttp2 = true }, ConnectionString, default)));
                _hosts.AddRange(started);
                foreach (var host in started)
                {
                    _clients[host.Stack] = GraphClients.Create(host.Stack, host.Ready.Endpoints, new ClientOptions());
                }
            }
            return _clients;
        }
        finally
        {
            _hostsLock.Release();
        }
    }

    /// <summary>Every stack's host over TLS with one run certificate, each started (once, for all the TLS tests) by the first
    /// test that asks for it.</summary>
    public TlsHosts TlsHosts => _tlsHosts.Value;

    /// <summary><see cref="TlsHosts"/> with the hosts of <see cref="TlsHosts.Stacks"/> started (at once, when the first test asks).</summary>
    public async Task<TlsHosts> TlsHostsAsync()
    {
        await TlsHosts.StartAsync(TlsHosts.Stacks);
        return TlsHosts;
    }

    /// <summary>
    /// One run (or any result) made once for the whole collection, in a folder of its own that lives as long as the
    /// fixture: tests that assert different things about the same measurement share it instead of measuring it again
    /// (eight stacks a run, tens of seconds on two cores). A failure is every sharer's failure.
    /// </summary>
    public Task<T> OnceAsync<T>(string key, Func<string, Task<T>> make)
    {
        lock (_once)
        {
            if (!_once.TryGetValue(key, out var made))
            {
                made = make(Path.Combine(_shared.Path, key));
                _once[key] = made;
            }
            return (Task<T>)made;
        }
    }

    public async Task<HostProcess> HostAsync(string stack)
    {
        await ClientsAsync();
        return _hosts.Single(h => h.Stack == stack);
    }

    public async Task DisposeAsync()
    {
        // First: nothing below that throws may leave the shared runs' folder behind.
        _shared.Dispose();
        foreach (var client in _clients.Values)
        {
            await client.DisposeAsync();
        }
        foreach (var host in _hosts)
        {
            await host.DisposeAsync();
        }
        if (_tlsHosts is { IsValueCreated: true })
        {
            await _tlsHosts.Value.DisposeAsync();
        }
        await DataSource.DisposeAsync();
        if (_cluster is not null)
        {
            await _cluster.DisposeAsync();
        }
    }
}

[CollectionDefinition(Name)]
public sealed class DatabaseCollection : ICollectionFixture<DatabaseFixture>
{
    public const string Name = "database";
}
