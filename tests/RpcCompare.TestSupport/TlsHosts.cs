using System.Security.Cryptography.X509Certificates;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Stacks;

namespace RpcCompare.TestSupport;

/// <summary>
/// Every stack that speaks TLS, its host started once with a certificate made as a run makes it (<see cref="RunTls"/>),
/// writes allowed and REST's HTTP/2 endpoint open, and a client per stack that trusts that certificate alone: what every
/// TLS test shares, so the suite pays one host start per stack for all of them.
/// </summary>
public sealed class TlsHosts : IAsyncDisposable
{
    private readonly RunTls _tls;
    private readonly List<HostProcess> _hosts = [];
    private readonly Dictionary<string, IGraphClient> _clients = new(StringComparer.Ordinal);

    private TlsHosts(RunTls tls) => _tls = tls;

    /// <summary>The catalog's stacks over TLS whose hosts this fixture starts: every one but the two WCF stacks, whose TLS
    /// hosts the integration tests' WcfTlsHosts starts (with the NetTcp abuse cases that need them).</summary>
    public static IReadOnlyList<string> Stacks { get; } =
        [.. StackCatalog.Ids.Where(s => s is not (StackCatalog.Wcf or StackCatalog.WcfHttp))];

    public X509Certificate2 Certificate => _tls.Certificate;

    /// <summary>The certificate's PEM file, as a user gives it with --certificate.</summary>
    public string CertificatePath => _tls.CertificatePath!;

    /// <summary>Each host's address as --target takes it (the endpoint the catalog names for the stack).</summary>
    public IReadOnlyDictionary<string, string> Targets =>
        _hosts.ToDictionary(h => h.Stack, h => h.Ready.Endpoints[StackCatalog.Get(h.Stack).Endpoint], StringComparer.Ordinal);

    /// <summary>What the clients were created with: the run's certificate as the one they trust.</summary>
    public ClientOptions Options => new() { TrustedCertificate = _tls.Certificate };

    public IReadOnlyList<HostProcess> Hosts => _hosts;

    public IReadOnlyDictionary<string, IGraphClient> Clients => _clients;

    public static async Task<TlsHosts> StartAsync(string connectionString)
    {
        var hosts = new TlsHosts(RunTls.Open(new RunSecurity { Mode = SecurityMode.Tls }));
        try
        {
            var launch = new HostLaunch
            {
                AllowWrites = true,
                RestHttp2 = true,
                CertificatePath = hosts._tls.CertificatePath,
                CertificateKeyPath = hosts._tls.KeyPath,
                // Six hosts starting at once on a small, busy machine (CI's two cores) may each take longer than a run allows one.
                StartTimeout = TimeSpan.FromMinutes(3),
            };
            var starts = Stacks.Select(stack => HostProcess.StartAsync(stack, launch, connectionString, default)).ToList();
            try
            {
                await Task.WhenAll(starts);
            }
            finally
            {
                hosts._hosts.AddRange(starts.Where(s => s.IsCompletedSuccessfully).Select(s => s.Result));
            }
            foreach (var host in hosts._hosts)
            {
                hosts._clients[host.Stack] = GraphClients.Create(host.Stack, host.Ready.Endpoints, hosts.Options);
            }
            return hosts;
        }
        catch
        {
            await hosts.DisposeAsync();
            throw;
        }
    }

    public HostProcess Host(string stack) => _hosts.Single(h => h.Stack == stack);

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
