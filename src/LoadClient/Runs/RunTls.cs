using System.Security.Cryptography.X509Certificates;
using RpcCompare.Reports.Results;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Runs;

/// <summary>
/// The certificate of a run with --security tls: made for the run (self-signed, for localhost, 127.0.0.1 and ::1) and
/// written with its key to a private temporary folder (mode 700, the key 600) that is deleted when the run ends, on
/// Ctrl+C and on a failure too; or the user's own (--certificate). The client trusts it alone for the run; the machine's
/// trust store is never touched.
/// </summary>
public sealed class RunTls : IDisposable
{
    private readonly string? _folder;
    private readonly IDisposable? _cleanup;

    private RunTls(X509Certificate2 certificate, string? certificatePath, string? keyPath, string? folder, string origin)
    {
        Certificate = certificate;
        CertificatePath = certificatePath;
        KeyPath = keyPath;
        _folder = folder;
        Origin = origin;
        // After the hosts (order 10) are stopped: they read the files only when they start, but nothing may outlive the run.
        _cleanup = folder is null ? null : Shutdown.Register(() => DeleteFolder(folder), order: 20);
    }

    /// <summary>The certificate every client trusts for this run (<see cref="Clients.ClientOptions.TrustedCertificate"/>).</summary>
    public X509Certificate2 Certificate { get; }

    /// <summary>The PEM files the spawned hosts serve with (--certificate, --certificate-key); a null key: no host may be started.</summary>
    public string? CertificatePath { get; }

    public string? KeyPath { get; }

    /// <summary>"a self-signed certificate made for this run", or the user's file.</summary>
    public string Origin { get; }

    /// <summary>The folder of a certificate made for the run, while it exists; null for the user's own.</summary>
    public string? Folder => _folder;

    /// <exception cref="UserFacingException">The user's certificate file is missing or is not PEM.</exception>
    public static RunTls Open(RunSecurity security)
    {
        if (security.CertificatePath is { } path)
        {
            return new RunTls(LoadUsers(path, security.KeyPath), path, security.KeyPath, null, $"the certificate given with --certificate {path}");
        }
        var folder = Directory.CreateTempSubdirectory("rpccompare-tls-").FullName;
        try
        {
            if (!OperatingSystem.IsWindows())
            {
                File.SetUnixFileMode(folder, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
            }
            var certificate = RunCertificates.CreateForLoopback(security.KeyKind);
            var (certificatePath, keyPath) = RunCertificates.WritePem(certificate, folder);
            return new RunTls(certificate, certificatePath, keyPath, folder,
                "a self-signed certificate made for this run (deleted when it ends)");
        }
        catch
        {
            DeleteFolder(folder);
            throw;
        }
    }

    private static X509Certificate2 LoadUsers(string path, string? keyPath)
    {
        try
        {
            if (keyPath is not null)
            {
                return RunCertificates.LoadPem(path, keyPath);
            }
            if (!File.Exists(path))
            {
                throw new UserFacingException($"The certificate file '{path}' (--certificate) does not exist.");
            }
            return X509Certificate2.CreateFromPem(File.ReadAllText(path));
        }
        catch (CertificateFileException e)
        {
            throw new UserFacingException($"--certificate: {e.Message}");
        }
        catch (Exception e) when (e is System.Security.Cryptography.CryptographicException or ArgumentException)
        {
            throw new UserFacingException($"--certificate: '{path}' is not a PEM certificate ({e.Message}).");
        }
    }

    /// <summary>What the manifest records: the mode, the key, where the certificate came from and how it was trusted.</summary>
    public SecurityInfo ToInfo() => new()
    {
        Mode = ResultsFormat.SecurityMode.Tls,
        KeyKind = CertificateText.KeyKind(Certificate),
        Description = $"TLS on every stack with {Origin} ({Certificate.Subject}, {CertificateText.KeyKind(Certificate)}); " +
            "the load client trusted exactly that certificate for the run (or certificates it signed), not the machine's trust store",
    };

    public void Dispose()
    {
        _cleanup?.Dispose();
        if (_folder is not null)
        {
            DeleteFolder(_folder);
        }
        Certificate.Dispose();
    }

    private static void DeleteFolder(string folder)
    {
        try
        {
            Directory.Delete(folder, recursive: true);
        }
        catch (DirectoryNotFoundException)
        {
            // Already gone: deleted at exit by the signal handler, or by the user.
        }
    }
}
