using System.Runtime;
using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.HostFiltering;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Configuration.EnvironmentVariables;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Npgsql;
using RpcCompare.Stacks;
using RpcCompare.Data;
using RpcCompare.Data.Queries;

namespace RpcCompare.Server.Common;

/// <summary>What every host does the same way: settings, the database and query service, and saying what it runs with.</summary>
public static class StackHost
{
    public static StackHostSetup AddStackHost(this WebApplicationBuilder builder, string stack)
    {
        var definition = StackCatalog.Get(stack);
        OptionsFromPrefixedEnvironmentOnly(builder.Configuration);
        var setup = new StackHostSetup(HostSettings.Read(definition.Id, builder.Configuration, definition.DefaultPort), new HostEndpoints(),
            new HostConfiguration());
        var settings = setup.Settings;
        builder.Services.AddSingleton(settings);
        builder.Services.AddSingleton(setup.Endpoints);
        builder.Services.AddSingleton(setup.Configuration);

        // The application name tells a host's backends apart in pg_stat_activity (which host holds which connections).
        var connection = new NpgsqlConnectionStringBuilder(settings.ConnectionString)
        {
            MaxPoolSize = settings.DbPoolSize, ApplicationName = ConnectionRenewal.ApplicationName(definition.Id),
        };
        builder.Services.AddGraphData(connection.ConnectionString,
            new GraphQueryOptions { AllowWrites = settings.AllowWrites, QueryDelay = settings.QueryDelay });
        if (settings.QueryDelay > TimeSpan.Zero)
        {
            setup.Configuration.Set("query delay", $"pg_sleep of {settings.QueryDelay.TotalMilliseconds:N0} ms before every GetLinks query");
        }

        if (!settings.IsExposed)
        {
            // A web page can reach a loopback port through a name that resolves to 127.0.0.1 (DNS rebinding); a host only
            // this machine may call answers only to this machine's names.
            string[] names = ["localhost", "127.0.0.1", "[::1]", settings.Bind.ToUriHost()];
            builder.Services.Configure<HostFilteringOptions>(o => o.AllowedHosts = [.. names.Distinct()]);
            setup.Configuration.Set("allowed host headers", string.Join(", ", names.Distinct()));
        }

        builder.Logging.SetMinimumLevel(LogLevel.Warning);
        builder.Logging.AddFilter("Microsoft.Hosting.Lifetime", LogLevel.Warning);
        builder.WebHost.ConfigureKestrel(kestrel => kestrel.AddServerHeader = false);
        builder.Services.Configure<HostOptions>(o => o.ShutdownTimeout = TimeSpan.FromSeconds(10));
        builder.Services.AddHostedService<ParentWatch>();
        builder.Services.AddHostedService<ConnectionRenewal>();
        builder.Services.AddWriteWaitTiming();
        return setup;
    }

    /// <summary>
    /// ASP.NET Core reads every environment variable as configuration, so BIND=0.0.0.0 or PORT=80 in the operator's shell
    /// would silently change a host: only RPCCOMPARE_-prefixed variables are options here (RPCCOMPARE_BIND), and the
    /// command line still comes after them and wins.
    /// </summary>
    private static void OptionsFromPrefixedEnvironmentOnly(ConfigurationManager configuration)
    {
        for (var i = 0; i < configuration.Sources.Count; i++)
        {
            if (configuration.Sources[i] is EnvironmentVariablesConfigurationSource { Prefix: null or "" })
            {
                configuration.Sources[i] = new EnvironmentVariablesConfigurationSource { Prefix = HostSettings.EnvironmentPrefix };
            }
        }
    }

    /// <summary>Listens on the settings' address and the given port and names the endpoint for the ready line, with the
    /// stack's scheme from the catalog; with a certificate (--certificate) an HTTP endpoint serves HTTPS and says so in
    /// its scheme and the "security" line.</summary>
    public static void Listen(this KestrelServerOptions kestrel, StackHostSetup setup, string name, int port,
        Action<ListenOptions> configure, string path = "")
    {
        var settings = setup.Settings;
        var catalogScheme = StackCatalog.Get(settings.Stack).Scheme;
        var scheme = HostTls.Scheme(catalogScheme, settings);
        kestrel.Listen(settings.Bind, port, options =>
        {
            configure(options);
            if (scheme != catalogScheme)
            {
                HostTls.Apply(options, settings);
                setup.Endpoints.AddSecure(name, options.Protocols);
                setup.Configuration.Set("security", HostTls.Describe(settings, setup.Endpoints.Secure));
            }
            setup.Endpoints.Add(name, scheme, options, path);
        });
    }

    /// <summary>
    /// A host's whole life, the same verbs for every stack: its options checked (the common ones and
    /// <paramref name="options"/>), <paramref name="add"/> (settings, listeners, services and their limits),
    /// <paramref name="map"/> (middleware and endpoints, health and error handling among them; none for a host whose
    /// listener is its service), the ready line, run.
    /// </summary>
    public static int Run(string[] args, string stack, Action<WebApplicationBuilder> add, Action<WebApplication>? map,
        params (string Name, bool IsSwitch, string Help)[] options) => RunOrExplain(() =>
    {
        if (HostArguments.Normalize(stack, args, options) is not { } normalized)
        {
            return null;
        }
        var builder = WebApplication.CreateBuilder(normalized);
        add(builder);
        var app = builder.Build();
        map?.Invoke(app);
        app.ReportWhenReady();
        return app;
    });

    /// <summary>
    /// Prints the configuration once the host listens, then the ready line. A host bound beyond loopback says so loudly:
    /// these hosts have no authentication.
    /// </summary>
    private static void ReportWhenReady(this WebApplication app)
    {
        var settings = app.Services.GetRequiredService<HostSettings>();
        var configuration = app.Services.GetRequiredService<HostConfiguration>();
        app.Lifetime.ApplicationStarted.Register(() =>
        {
            var endpoints = app.Services.GetRequiredService<HostEndpoints>().Addresses();
            configuration.AddCommon(settings);
            Console.WriteLine($"RpcCompare {settings.Stack} host, pid {Environment.ProcessId}");
            foreach (var (name, address) in endpoints)
            {
                Console.WriteLine($"  endpoint {name,-8} {address}");
            }
            foreach (var (key, value) in configuration.Entries)
            {
                Console.WriteLine($"  {key,-28} {value}");
            }
            if (settings.IsExposed)
            {
                Console.WriteLine($"WARNING: bound to {settings.Bind}, not loopback: anyone who can reach this machine can call " +
                    "this host (no authentication).");
            }
            var ready = new ReadyLine(settings.Stack, Environment.ProcessId, endpoints, configuration.Entries);
            Console.WriteLine(ReadyLine.Marker + JsonSerializer.Serialize(ready, HostingJsonContext.Default.ReadyLine));
        });
    }

    /// <summary>Runs the host; a bad option or a database that cannot be reached ends it with one sentence, not a stack trace.</summary>
    private static int RunOrExplain(Func<WebApplication?> build)
    {
        try
        {
            var app = build();
            if (app is null)
            {
                return 0;
            }
            app.Run();
            return 0;
        }
        catch (HostConfigurationException e)
        {
            Console.Error.WriteLine(e.Message);
            return 2;
        }
        catch (IOException e) when (e.InnerException is Microsoft.AspNetCore.Connections.AddressInUseException)
        {
            Console.Error.WriteLine($"The port is already in use: {e.Message}. Choose another with --port (0 = any free port).");
            return 1;
        }
    }

    internal static void AddCommon(this HostConfiguration configuration, HostSettings settings)
    {
        configuration.Set("bind", settings.Bind.ToString());
        configuration.Set("writes", settings.AllowWrites ? "allowed" : "refused (read-only)");
        configuration.Set("db pool size (Npgsql)", settings.DbPoolSize.ToString(System.Globalization.CultureInfo.InvariantCulture));
        configuration.Set("gc", $"{(GCSettings.IsServerGC ? "server" : "workstation")}, {GCSettings.LatencyMode}");
        ThreadPool.GetMinThreads(out var workers, out var io);
        configuration.Set("thread pool min", $"{workers} workers, {io} io");
        configuration.Set("processors", Environment.ProcessorCount.ToString(System.Globalization.CultureInfo.InvariantCulture));
        configuration.Set("runtime", System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription);
    }
}

internal static class AddressNames
{
    /// <summary>The address as a URI's host: IPv6 in brackets.</summary>
    public static string ToUriHost(this System.Net.IPAddress address) =>
        address.AddressFamily == System.Net.Sockets.AddressFamily.InterNetworkV6 ? $"[{address}]" : address.ToString();
}

/// <summary>What the stack-specific setup of a host builds on.</summary>
public sealed record StackHostSetup(HostSettings Settings, HostEndpoints Endpoints, HostConfiguration Configuration);

/// <summary>The settings a host reports (protocol, encoding, limits...), in the order they were set.</summary>
public sealed class HostConfiguration
{
    private readonly List<KeyValuePair<string, string>> _entries = [];

    public IReadOnlyList<KeyValuePair<string, string>> Entries => _entries;

    public void Set(string key, string value)
    {
        _entries.RemoveAll(e => e.Key == key);
        _entries.Add(new(key, value));
    }
}
