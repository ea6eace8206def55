using System.Text;
using Microsoft.EntityFrameworkCore;
using RpcCompare.Contracts;
using RpcCompare.Data.Model;

namespace RpcCompare.Data;

/// <summary>
/// The graph model. The EF model is the one description of the schema: the seeder creates tables from its create script
/// and builds its indexes after the bulk load.
/// </summary>
public sealed class GraphDb(DbContextOptions<GraphDb> options) : DbContext(options)
{
    public DbSet<Node> Nodes => Set<Node>();
    public DbSet<Link> Links => Set<Link>();
    public DbSet<NodeType> NodeTypes => Set<NodeType>();
    public DbSet<LinkType> LinkTypes => Set<LinkType>();
    public DbSet<WideRecord> Records => Set<WideRecord>();
    public DbSet<Snapshot> Snapshots => Set<Snapshot>();
    public DbSet<SnapshotItem> SnapshotItems => Set<SnapshotItem>();
    public DbSet<DatasetInfo> DatasetInfo => Set<DatasetInfo>();

    protected override void OnModelCreating(ModelBuilder modelBuilder)
    {
        modelBuilder.Entity<NodeType>(e =>
        {
            e.ToTable("node_types");
            e.Property(t => t.Id).ValueGeneratedNever();
            e.HasIndex(t => t.Name).IsUnique();
        });
        modelBuilder.Entity<LinkType>(e =>
        {
            e.ToTable("link_types");
            e.Property(t => t.Id).ValueGeneratedNever();
            e.HasIndex(t => t.Name).IsUnique();
        });
        modelBuilder.Entity<Node>(e =>
        {
            e.ToTable("nodes");
            e.Property(n => n.Id).UseIdentityByDefaultColumn();
            e.Property(n => n.Name).HasMaxLength(GraphContract.MaxNodeNameLength);
            e.HasOne(n => n.Type).WithMany().HasForeignKey(n => n.TypeId).OnDelete(DeleteBehavior.Restrict);
            // Name search is a case-insensitive prefix match. A B-tree over lower(name) in the C collation serves both the
            // LIKE 'term%' filter and the ORDER BY, so the first N come straight off the index. (A trigram index would
            // also find substrings, but takes 17 s instead of 2 s to build for a million nodes.)
            e.Property(n => n.NameKey).HasMaxLength(GraphContract.MaxNodeNameLength).UseCollation("C");
            e.HasIndex(n => new { n.NameKey, n.Id }).HasDatabaseName("ix_nodes_name_key_id");
        });
        modelBuilder.Entity<Link>(e =>
        {
            e.ToTable("links");
            e.Property(l => l.Id).UseIdentityByDefaultColumn();
            e.HasOne(l => l.Source).WithMany().HasForeignKey(l => l.SourceId).OnDelete(DeleteBehavior.Cascade);
            e.HasOne(l => l.Target).WithMany().HasForeignKey(l => l.TargetId).OnDelete(DeleteBehavior.Cascade);
            e.HasOne(l => l.Type).WithMany().HasForeignKey(l => l.TypeId).OnDelete(DeleteBehavior.Restrict);
            // "Links of a node" in link order straight from the index; no separate index on source_id alone.
            e.HasIndex(l => new { l.SourceId, l.Id }).HasDatabaseName("ix_links_source_id_id");
        });
        modelBuilder.Entity<WideRecord>(e =>
        {
            e.ToTable("records");
            e.Property(r => r.Id).ValueGeneratedNever();
        });
        modelBuilder.Entity<Snapshot>(e =>
        {
            e.ToTable("snapshots");
            e.Property(s => s.Id).UseIdentityByDefaultColumn();
            e.HasIndex(s => s.Size).IsUnique();
        });
        modelBuilder.Entity<SnapshotItem>(e =>
        {
            e.ToTable("snapshot_items");
            e.HasKey(i => new { i.SnapshotId, i.Seq });
            e.HasOne<Snapshot>().WithMany().HasForeignKey(i => i.SnapshotId).OnDelete(DeleteBehavior.Cascade);
            e.HasOne(i => i.Record).WithMany().HasForeignKey(i => i.RecordId).OnDelete(DeleteBehavior.Cascade);
        });
        modelBuilder.Entity<DatasetInfo>(e =>
        {
            e.ToTable("dataset_info");
            e.Property(d => d.Id).ValueGeneratedNever();
        });

        ApplySnakeCaseNames(modelBuilder);
        RemoveUnusedForeignKeyIndexes(modelBuilder);
    }

    /// <summary>
    /// EF indexes every foreign key by convention. No query here looks links up by type or by target, and each such index
    /// costs seconds of every load; "links of a node" has its own (source_id, id) index.
    /// </summary>
    private static void RemoveUnusedForeignKeyIndexes(ModelBuilder modelBuilder)
    {
        foreach (var entity in modelBuilder.Model.GetEntityTypes())
        {
            foreach (var index in entity.GetIndexes().ToArray())
            {
                if (index.Properties is [{ Name: nameof(Link.TypeId) or nameof(Link.TargetId) }])
                {
                    entity.RemoveIndex(index);
                }
            }
        }
    }

    /// <summary>PostgreSQL folds unquoted names to lower case; snake_case columns keep hand-written SQL readable.</summary>
    private static void ApplySnakeCaseNames(ModelBuilder modelBuilder)
    {
        foreach (var entity in modelBuilder.Model.GetEntityTypes())
        {
            foreach (var property in entity.GetProperties())
            {
                property.SetColumnName(ToSnakeCase(property.Name));
            }
            foreach (var key in entity.GetKeys())
            {
                key.SetName($"pk_{entity.GetTableName()}");
            }
            foreach (var foreignKey in entity.GetForeignKeys())
            {
                var columns = string.Join("_", foreignKey.Properties.Select(p => ToSnakeCase(p.Name)));
                foreignKey.SetConstraintName($"fk_{entity.GetTableName()}_{columns}");
            }
        }
    }

    public static string ToSnakeCase(string name)
    {
        var builder = new StringBuilder(name.Length + 8);
        for (var i = 0; i < name.Length; i++)
        {
            var c = name[i];
            if (char.IsUpper(c) && i > 0)
            {
                builder.Append('_');
            }
            else if (char.IsDigit(c) && i > 0 && !char.IsDigit(name[i - 1]))
            {
                builder.Append('_');
            }
            builder.Append(char.ToLowerInvariant(c));
        }
        return builder.ToString();
    }
}
