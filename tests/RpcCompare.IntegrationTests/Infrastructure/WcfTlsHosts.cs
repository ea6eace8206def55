using System.Net.Sockets;
using System.Security.Cryptography.X509Certificates;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Infrastructure;

/// <summary>
/// The WCF stacks' hosts started with a run certificate (--certificate, --certificate-key), each once for every test of
/// the collection that asks, and a client of each that trusts that certificate alone.
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Design", "CA1001", Justification = "xunit disposes a fixture through IAsyncLifetime.DisposeAsync; the lock's SemaphoreSlim never allocates a wait handle.")]
public sealed class WcfTlsHosts : IAsyncLifetime
{
    private readonly SemaphoreSlim _lock = new(1, 1);
    private readonly TempFolder _folder = new();
    private readonly Dictionary<string, HostProcess> _hosts = [];
    private readonly Dictionary<string, IGraphClient> _clients = [];
    private (string Certificate, string Key) _pem;

    public X509Certificate2 Certificate { get; } = RunCertificates.CreateForLoopback(CertificateKeyKind.EcdsaP256);

    /// <summary>Security on: the one certificate the clients trust.</summary>
    public ClientOptions Trusting => new() { TrustedCertificate = Certificate };

    public Task InitializeAsync()
    {
        _pem = RunCertificates.WritePem(Certificate, _folder.Path);
        return Task.CompletedTask;
    }

    public async Task<HostProcess> HostAsync(string stack, DatabaseFixture db)
    {
        await _lock.WaitAsync();
        try
        {
            if (!_hosts.TryGetValue(stack, out var host))
            {
                var launch = new HostLaunch { AllowWrites = true, CertificatePath = _pem.Certificate, CertificateKeyPath = _pem.Key };
                host = _hosts[stack] = await HostProcess.StartAsync(stack, launch, db.ConnectionString, default);
            }
            return host;
        }
        finally
        {
            _lock.Release();
        }
    }

    /// <summary>A client of the stack's TLS host that trusts the run's certificate (a cleartext one while the host serves HTTP).</summary>
    public async Task<IGraphClient> ClientAsync(string stack, DatabaseFixture db)
    {
        var host = await HostAsync(stack, db);
        lock (_clients)
        {
            if (!_clients.TryGetValue(stack, out var client))
            {
                var endpoints = host.Ready.Endpoints;
                var plainHttp = endpoints.Values.All(a => a.StartsWith("http://", StringComparison.Ordinal));
                client = _clients[stack] = GraphClients.Create(stack, endpoints, plainHttp ? new ClientOptions() : Trusting);
            }
            return client;
        }
    }

    /// <summary>A TCP connection to the address's host and port, for bytes made by hand.</summary>
    public static async Task<Socket> ConnectAsync(Uri address)
    {
        var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        await socket.ConnectAsync(address.Host, address.Port);
        return socket;
    }

    /// <summary>Everything the peer sends until it closes the connection (a reset counts as closed), within a minute and a half.</summary>
    public static async Task<byte[]> ReadToCloseAsync(Socket socket)
    {
        using var guard = new CancellationTokenSource(TimeSpan.FromSeconds(90));
        var received = new List<byte>();
        var buffer = new byte[4096];
        try
        {
            int count;
            while ((count = await socket.ReceiveAsync(buffer, SocketFlags.None, guard.Token)) > 0)
            {
                received.AddRange(buffer.AsSpan(0, count));
            }
        }
        catch (SocketException e) when (e.SocketErrorCode == SocketError.ConnectionReset)
        {
        }
        return [.. received];
    }

    public async Task DisposeAsync()
    {
        foreach (var client in _clients.Values)
        {
            await client.DisposeAsync();
        }
        foreach (var host in _hosts.Values)
        {
            await host.DisposeAsync();
        }
        Certificate.Dispose();
        _folder.Dispose();
    }
}
