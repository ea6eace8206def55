using System.Security.Cryptography.X509Certificates;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Runs;

/// <summary>A run with --security tls makes its own certificate, serves and trusts it, and leaves it nowhere.</summary>
[Collection(DatabaseCollection.Name)]
public sealed class TlsRunTests(DatabaseFixture db) : IDisposable
{
    private readonly TempFolder _temp = new();

    [Fact]
    public async Task ATlsRunLeavesNoCertificateInAStoreOrOnDisk()
    {
        var stores = StoreThumbprints();
        var folders = CertificateFolders();
        var settings = db.Run("ping", _temp.Path) with
        {
            Stacks = [StackCatalog.Grpc],
            Requests = 20,
            Warmup = TimeSpan.Zero,
            Security = new RunSecurity { Mode = SecurityMode.Tls, KeyKind = CertificateKeyKind.Rsa2048 },
        };

        Assert.Equal(0, await RunCoordinator.RunAsync(settings, default));

        var run = await ResultsLoader.LoadAsync(_temp.Path, default);
        var host = run.Manifest.Hosts.Single();
        Assert.Equal((ResultsFormat.SecurityMode.Tls, "RSA 2048"), (run.Manifest.Security!.Mode, run.Manifest.Security.KeyKind));
        Assert.StartsWith("https://127.0.0.1:", host.Address, StringComparison.Ordinal);
        Assert.StartsWith("TLS (CN=RpcCompare run certificate, RSA 2048;", host.Configuration["security"], StringComparison.Ordinal);
        Assert.All(run.Summary!.Entries, e => Assert.Equal((ResultsFormat.EntryStatus.Ok, 0L), (e.Status, e.Errors)));
        Assert.Equal(stores, StoreThumbprints());
        // Other processes may make and delete folders of their own meanwhile: none that appeared during the run is left.
        Assert.Empty(CertificateFolders().Except(folders));
    }

    [Fact]
    public async Task HttpsTargetsAreTrustedByTheGivenCertificate()
    {
        var tls = await db.TlsHostsAsync();
        var settings = db.Run("ping", _temp.Path) with
        {
            Stacks = TlsHosts.Stacks,
            Targets = tls.Targets,
            WatchLocalTargets = false,
            Requests = 20,
            Warmup = TimeSpan.Zero,
            Security = new RunSecurity { Mode = SecurityMode.Tls, CertificatePath = tls.CertificatePath },
        };

        Assert.Equal(0, await RunCoordinator.RunAsync(settings, default));

        var run = await ResultsLoader.LoadAsync(_temp.Path, default);
        Assert.Equal((ResultsFormat.SecurityMode.Tls, "ECDSA P-256"), (run.Manifest.Security!.Mode, run.Manifest.Security.KeyKind));
        Assert.Contains($"the certificate given with --certificate {tls.CertificatePath}", run.Manifest.Security.Description, StringComparison.Ordinal);
        Assert.Equal(TlsHosts.Stacks.Count * 2, run.Summary!.Entries.Count);
        Assert.All(run.Summary.Entries, e => Assert.Equal((ResultsFormat.EntryStatus.Ok, 0L), (e.Status, e.Errors)));
    }

    public void Dispose() => _temp.Dispose();

    /// <summary>What this user's personal and root stores hold, which a run must never change.</summary>
    private static string StoreThumbprints()
    {
        var lines = new List<string>();
        foreach (var name in new[] { StoreName.My, StoreName.Root })
        {
            using var store = new X509Store(name, StoreLocation.CurrentUser);
            store.Open(OpenFlags.ReadOnly);
            lines.AddRange(store.Certificates.Select(c => $"{name} {c.Thumbprint}"));
        }
        return string.Join("\n", lines.Order(StringComparer.Ordinal));
    }

    private static string[] CertificateFolders() =>
        [.. Directory.GetDirectories(Path.GetTempPath(), "rpccompare-tls-*").Order(StringComparer.Ordinal)];
}
