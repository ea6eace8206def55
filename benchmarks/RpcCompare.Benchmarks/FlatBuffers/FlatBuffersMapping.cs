using Google.FlatBuffers;
using RpcCompare.Benchmarks.Messages;
using RpcCompare.Contracts;
using Fb = RpcCompare.Benchmarks.FlatBuffers.Schema;

namespace RpcCompare.Benchmarks.FlatBuffers;

/// <summary>
/// The contract types to FlatBuffers tables and back. FlatBuffers has no serializer over existing objects: building the
/// buffer from them is the serialization, and reading every field back into them is what a client that hands the
/// objects on does (reading only the fields it needs, FlatBuffers' strength, is not what the other serializers are
/// timed for).
/// </summary>
internal static class FlatBuffersMapping
{
    public static int WriteLinks(FlatBufferBuilder builder, LinkView[] links)
    {
        var offsets = new Offset<Fb.LinkView>[links.Length];
        for (var i = 0; i < links.Length; i++)
        {
            var link = links[i];
            var target = Fb.NodeSummary.CreateNodeSummary(builder, link.Target.Id, builder.CreateString(link.Target.Name), builder.CreateString(link.Target.Type));
            offsets[i] = Fb.LinkView.CreateLinkView(builder, link.Id, builder.CreateString(link.Type), link.Weight, link.CreatedAt.Ticks, target);
        }

        return Fb.LinkList.CreateLinkList(builder, Fb.LinkList.CreateLinksVector(builder, offsets)).Value;
    }

    public static LinkView[] ReadLinks(ByteBuffer buffer)
    {
        var list = Fb.LinkList.GetRootAsLinkList(buffer);
        var links = new LinkView[list.LinksLength];
        for (var i = 0; i < links.Length; i++)
        {
            var link = list.Links(i)!.Value;
            var target = link.Target!.Value;
            links[i] = new LinkView
            {
                Id = link.Id,
                Type = link.Type,
                Weight = link.Weight,
                CreatedAt = new DateTime(link.CreatedAt, DateTimeKind.Utc),
                Target = new NodeSummary { Id = target.Id, Name = target.Name, Type = target.Type },
            };
        }

        return links;
    }

    public static int WriteRecord(FlatBufferBuilder builder, WideRecord record) => Write(builder, record).Value;

    public static WideRecord ReadRecord(ByteBuffer buffer) => Read(Fb.WideRecord.GetRootAsWideRecord(buffer));

    public static int WriteRecords(FlatBufferBuilder builder, WideRecord[] records)
    {
        var offsets = new Offset<Fb.WideRecord>[records.Length];
        for (var i = 0; i < records.Length; i++)
        {
            offsets[i] = Write(builder, records[i]);
        }

        return Fb.RecordList.CreateRecordList(builder, Fb.RecordList.CreateRecordsVector(builder, offsets)).Value;
    }

    public static WideRecord[] ReadRecords(ByteBuffer buffer)
    {
        var list = Fb.RecordList.GetRootAsRecordList(buffer);
        var records = new WideRecord[list.RecordsLength];
        for (var i = 0; i < records.Length; i++)
        {
            records[i] = Read(list.Records(i)!.Value);
        }

        return records;
    }

    public static int WriteArticles(FlatBufferBuilder builder, Article[] articles)
    {
        var offsets = new Offset<Fb.Article>[articles.Length];
        for (var i = 0; i < articles.Length; i++)
        {
            var article = articles[i];
            var tags = new StringOffset[article.Tags.Length];
            for (var t = 0; t < tags.Length; t++)
            {
                tags[t] = builder.CreateString(article.Tags[t]);
            }

            offsets[i] = Fb.Article.CreateArticle(
                builder,
                article.Id,
                builder.CreateString(article.Title),
                builder.CreateString(article.Content),
                builder.CreateString(article.Author),
                Fb.Article.CreateTagsVector(builder, tags),
                article.CreatedAt.Ticks,
                article.UpdatedAt.Ticks,
                article.Views,
                article.Published);
        }

        return Fb.ArticleList.CreateArticleList(builder, Fb.ArticleList.CreateArticlesVector(builder, offsets)).Value;
    }

    public static Article[] ReadArticles(ByteBuffer buffer)
    {
        var list = Fb.ArticleList.GetRootAsArticleList(buffer);
        var articles = new Article[list.ArticlesLength];
        for (var i = 0; i < articles.Length; i++)
        {
            var article = list.Articles(i)!.Value;
            var tags = new string[article.TagsLength];
            for (var t = 0; t < tags.Length; t++)
            {
                tags[t] = article.Tags(t);
            }

            articles[i] = new Article
            {
                Id = article.Id,
                Title = article.Title,
                Content = article.Content,
                Author = article.Author,
                Tags = tags,
                CreatedAt = new DateTime(article.CreatedAt, DateTimeKind.Utc),
                UpdatedAt = new DateTime(article.UpdatedAt, DateTimeKind.Utc),
                Views = article.Views,
                Published = article.Published,
            };
        }

        return articles;
    }

    private static Offset<Fb.WideRecord> Write(FlatBufferBuilder builder, WideRecord r)
    {
        // Strings first: FlatBuffers cannot start a string while a table is being built.
        var code = builder.CreateString(r.Code);
        var title = builder.CreateString(r.Title);
        var description = builder.CreateString(r.Description);
        var category = builder.CreateString(r.Category);
        var subcategory = builder.CreateString(r.Subcategory);
        var status = builder.CreateString(r.Status);
        var owner = builder.CreateString(r.Owner);
        var email = builder.CreateString(r.Email);
        var phone = builder.CreateString(r.Phone);
        var addressLine1 = builder.CreateString(r.AddressLine1);
        var addressLine2 = builder.CreateString(r.AddressLine2);
        var city = builder.CreateString(r.City);
        var region = builder.CreateString(r.Region);
        var postalCode = builder.CreateString(r.PostalCode);
        var country = builder.CreateString(r.Country);
        var currency = builder.CreateString(r.Currency);
        var tags = builder.CreateString(r.Tags);
        var notes = builder.CreateString(r.Notes);
        var externalRef = builder.CreateString(r.ExternalRef);
        var checksum = builder.CreateString(r.Checksum);
        return Fb.WideRecord.CreateWideRecord(
            builder,
            r.Id,
            code,
            title,
            description,
            category,
            subcategory,
            status,
            owner,
            email,
            phone,
            addressLine1,
            addressLine2,
            city,
            region,
            postalCode,
            country,
            currency,
            tags,
            notes,
            externalRef,
            checksum,
            r.Quantity,
            r.Priority,
            r.Revision,
            r.Rank,
            r.Score,
            r.Flags,
            r.Year,
            r.Month,
            r.Day,
            r.Bucket,
            r.ParentId,
            r.GroupId,
            r.Version,
            r.Sequence,
            r.Price,
            r.Cost,
            r.Weight,
            r.Width,
            r.Height,
            r.Depth,
            r.Latitude,
            r.Longitude,
            r.Ratio,
            r.Confidence,
            r.IsActive,
            r.IsArchived,
            r.IsPublic,
            r.IsVerified,
            r.IsDeleted,
            r.HasAttachments,
            r.IsFlagged,
            r.IsLocked,
            r.CreatedAt.Ticks,
            r.UpdatedAt.Ticks,
            r.PublishedAt.Ticks,
            r.ExpiresAt.Ticks,
            r.ReviewedAt.Ticks,
            r.SyncedAt.Ticks,
            r.ValidFrom.Ticks);
    }

    private static WideRecord Read(Fb.WideRecord r) => new()
    {
        Id = r.Id,
        Code = r.Code,
        Title = r.Title,
        Description = r.Description,
        Category = r.Category,
        Subcategory = r.Subcategory,
        Status = r.Status,
        Owner = r.Owner,
        Email = r.Email,
        Phone = r.Phone,
        AddressLine1 = r.AddressLine1,
        AddressLine2 = r.AddressLine2,
        City = r.City,
        Region = r.Region,
        PostalCode = r.PostalCode,
        Country = r.Country,
        Currency = r.Currency,
        Tags = r.Tags,
        Notes = r.Notes,
        ExternalRef = r.ExternalRef,
        Checksum = r.Checksum,
        Quantity = r.Quantity,
        Priority = r.Priority,
        Revision = r.Revision,
        Rank = r.Rank,
        Score = r.Score,
        Flags = r.Flags,
        Year = r.Year,
        Month = r.Month,
        Day = r.Day,
        Bucket = r.Bucket,
        ParentId = r.ParentId,
        GroupId = r.GroupId,
        Version = r.Version,
        Sequence = r.Sequence,
        Price = r.Price,
        Cost = r.Cost,
        Weight = r.Weight,
        Width = r.Width,
        Height = r.Height,
        Depth = r.Depth,
        Latitude = r.Latitude,
        Longitude = r.Longitude,
        Ratio = r.Ratio,
        Confidence = r.Confidence,
        IsActive = r.IsActive,
        IsArchived = r.IsArchived,
        IsPublic = r.IsPublic,
        IsVerified = r.IsVerified,
        IsDeleted = r.IsDeleted,
        HasAttachments = r.HasAttachments,
        IsFlagged = r.IsFlagged,
        IsLocked = r.IsLocked,
        CreatedAt = new DateTime(r.CreatedAt, DateTimeKind.Utc),
        UpdatedAt = new DateTime(r.UpdatedAt, DateTimeKind.Utc),
        PublishedAt = new DateTime(r.PublishedAt, DateTimeKind.Utc),
        ExpiresAt = new DateTime(r.ExpiresAt, DateTimeKind.Utc),
        ReviewedAt = new DateTime(r.ReviewedAt, DateTimeKind.Utc),
        SyncedAt = new DateTime(r.SyncedAt, DateTimeKind.Utc),
        ValidFrom = new DateTime(r.ValidFrom, DateTimeKind.Utc),
    };
}
