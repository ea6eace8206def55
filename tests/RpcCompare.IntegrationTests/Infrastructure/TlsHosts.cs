using System.Security.Cryptography.X509Certificates;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Infrastructure;

/// <summary>
/// Every stack's host over TLS, with one certificate made as a run makes it (<see cref="RunTls"/>), writes allowed and
/// REST's HTTP/2 endpoint open, and a client per stack that trusts that certificate alone: what every TLS test shares, so
/// the suite pays one host start per stack for all of them. A host starts when a test first asks for it: the HTTP stacks
/// together (<see cref="StartAsync"/>, through <see cref="DatabaseFixture.TlsHostsAsync"/>), the WCF ones one by one
/// (<see cref="HostAsync"/>), so a WCF test does not wait for six hosts it does not call.
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Design", "CA1001", Justification = "The lock's SemaphoreSlim never allocates a wait handle; DisposeAsync disposes the rest.")]
public sealed class TlsHosts(string connectionString) : IAsyncDisposable
{
    private readonly SemaphoreSlim _lock = new(1, 1);
    private readonly RunTls _tls = RunTls.Open(new RunSecurity { Mode = SecurityMode.Tls });
    private readonly List<HostProcess> _hosts = [];
    private readonly Dictionary<string, IGraphClient> _clients = new(StringComparer.Ordinal);

    /// <summary>The stacks <see cref="StartAsync"/> starts at once: every one but the two WCF stacks, which only their own
    /// tests call (and <see cref="HostAsync"/> starts on demand).</summary>
    public static IReadOnlyList<string> Stacks { get; } =
        [.. StackCatalog.Ids.Where(s => s is not (StackCatalog.Wcf or StackCatalog.WcfHttp))];

    public X509Certificate2 Certificate => _tls.Certificate;

    /// <summary>The certificate's PEM file, as a user gives it with --certificate.</summary>
    public string CertificatePath => _tls.CertificatePath!;

    /// <summary>Each started host's address as --target takes it (the endpoint the catalog names for the stack).</summary>
    public IReadOnlyDictionary<string, string> Targets =>
        _hosts.ToDictionary(h => h.Stack, h => h.Ready.Endpoints[StackCatalog.Get(h.Stack).Endpoint], StringComparer.Ordinal);

    /// <summary>What the clients were created with: the run's certificate as the one they trust.</summary>
    public ClientOptions Options => new() { TrustedCertificate = _tls.Certificate };

    /// <summary>The name the WCF tests know <see cref="Options"/> by.</summary>
    public ClientOptions Trusting => Options;

    public IReadOnlyList<HostProcess> Hosts => _hosts;

    /// <summary>The started hosts' clients.</summary>
    public IReadOnlyDictionary<string, IGraphClient> Clients => _clients;

    /// <summary>A started host (<see cref="StartAsync"/> or <see cref="HostAsync"/> started it).</summary>
    public HostProcess Host(string stack) => _hosts.Single(h => h.Stack == stack);

    /// <summary>Starts the hosts of those stacks that are not running yet, all at once.</summary>
    public async Task StartAsync(IEnumerable<string> stacks)
    {
        await _lock.WaitAsync();
        try
        {
            var launch = new HostLaunch
            {
                AllowWrites = true,
                RestHttp2 = true,
                CertificatePath = _tls.CertificatePath,
                CertificateKeyPath = _tls.KeyPath,
                // Six hosts starting at once on a small, busy machine (CI's two cores) may each take longer than a run allows one.
                StartTimeout = TimeSpan.FromMinutes(3),
            };
            var starts = stacks.Where(s => !_clients.ContainsKey(s))
                .Select(stack => HostProcess.StartAsync(stack, launch, connectionString, default)).ToList();
            try
            {
                await Task.WhenAll(starts);
            }
            finally
            {
                foreach (var host in starts.Where(s => s.IsCompletedSuccessfully).Select(s => s.Result))
                {
                    _hosts.Add(host);
                    _clients[host.Stack] = GraphClients.Create(host.Stack, host.Ready.Endpoints, Options);
                }
            }
        }
        finally
        {
            _lock.Release();
        }
    }

    /// <summary>The stack's TLS host, started now if no test has asked for it before.</summary>
    public async Task<HostProcess> HostAsync(string stack)
    {
        await StartAsync([stack]);
        return Host(stack);
    }

    /// <summary>A client of the stack's TLS host that trusts the run's certificate alone.</summary>
    public async Task<IGraphClient> ClientAsync(string stack)
    {
        await StartAsync([stack]);
        return _clients[stack];
    }

    public async ValueTask DisposeAsync()
    {
        foreach (var client in _clients.Values)
        {
            await client.DisposeAsync();
        }
        foreach (var host in _hosts)
        {
            await host.DisposeAsync();
        }
        _tls.Dispose();
    }
}
